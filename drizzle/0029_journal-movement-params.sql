ALTER TABLE "journal_entry" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every entry written before the descriptions became data gets its facts back from its own
-- postings (the amount and both accounts), the loan it belongs to (the loan type) and, for a
-- transfer, the holders' names as its English memo recorded them when the money moved:
-- "Transfer of 1,500.00 BDT from <name> (<account>) to <name> (<account>)".
WITH customer_posting AS (
  SELECT p.journal_entry_id, p.ledger_account_code AS account_id, p.amount_poisha
  FROM posting p JOIN bank_account b ON b.id = p.ledger_account_code
),
entry_facts AS (
  SELECT j.id, j.kind, j.memo,
    (SELECT abs(c.amount_poisha) FROM customer_posting c WHERE c.journal_entry_id = j.id ORDER BY c.amount_poisha DESC LIMIT 1) AS amount_poisha,
    (SELECT c.account_id FROM customer_posting c WHERE c.journal_entry_id = j.id AND c.amount_poisha < 0 LIMIT 1) AS from_id,
    (SELECT c.account_id FROM customer_posting c WHERE c.journal_entry_id = j.id AND c.amount_poisha > 0 LIMIT 1) AS to_id,
    (SELECT l.loan_type FROM loan l WHERE l.id::text = j.reference_id) AS loan_type
  FROM journal_entry j
),
transfer_names AS (
  SELECT f.id,
    position(' from ' IN f.memo) + 6 AS from_start,
    position(' (' || f.from_id || ') to ' IN f.memo) AS from_end,
    position(' (' || f.from_id || ') to ' IN f.memo) + length(' (' || f.from_id || ') to ') AS to_start,
    length(f.memo) - length(' (' || f.to_id || ')') + 1 AS to_end
  FROM entry_facts f
  WHERE f.kind = 'transfer' AND f.from_id IS NOT NULL AND f.to_id IS NOT NULL
)
UPDATE journal_entry j SET params = CASE f.kind
    WHEN 'deposit' THEN jsonb_build_object('amountPoisha', f.amount_poisha::text)
    WHEN 'transfer' THEN jsonb_build_object(
      'amountPoisha', f.amount_poisha::text,
      'fromAccountId', f.from_id,
      'fromHolder', CASE WHEN n.from_end > n.from_start THEN substring(f.memo FROM n.from_start FOR n.from_end - n.from_start)
        ELSE (SELECT holder_name FROM bank_account WHERE id = f.from_id) END,
      'toAccountId', f.to_id,
      'toHolder', CASE WHEN n.from_end > 0 AND right(f.memo, length(' (' || f.to_id || ')')) = ' (' || f.to_id || ')' AND n.to_end > n.to_start
        THEN substring(f.memo FROM n.to_start FOR n.to_end - n.to_start)
        ELSE (SELECT holder_name FROM bank_account WHERE id = f.to_id) END)
    ELSE jsonb_build_object('amountPoisha', f.amount_poisha::text, 'loanType', f.loan_type)
  END
FROM entry_facts f LEFT JOIN transfer_names n ON n.id = f.id
WHERE j.id = f.id AND f.amount_poisha IS NOT NULL AND (f.kind IN ('deposit', 'transfer') OR f.loan_type IS NOT NULL);
