-- The bank's own ledger accounts: every deposit, loan and repayment posts against one of them.
INSERT INTO "ledger_account" ("code", "kind") VALUES
  ('bank:cash', 'bank'),
  ('bank:loans-receivable', 'bank'),
  ('bank:interest-income', 'bank')
ON CONFLICT ("code") DO NOTHING;
