-- The bank's accounts that every payment to or from another bank posts to, in sixteen slots each
-- (src/server/modules/ledger/ledger.ts, bankAccountSlot): a payment locks its customer's slot
-- rather than the one row every other payment locks too. The first rows keep their balances.
INSERT INTO "ledger_account" ("code", "kind")
SELECT base.code || '#' || lpad(slot::text, 2, '0'), 'bank'
FROM unnest(ARRAY['bank:clearing-outward', 'bank:settlement', 'bank:fee-income', 'bank:vat-payable']) AS base(code),
  generate_series(0, 15) AS slot
ON CONFLICT ("code") DO NOTHING;
