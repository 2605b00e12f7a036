-- The loan types' texts named the income floor as a figure ("at least 50,000 BDT"), which stayed
-- as written when staff set another floor. They name it as {monthlyIncomeMin} from now on and the
-- catalogue writes in the floor of the row. The personal loan's example of borrowing 50,000 BDT
-- is an amount, not the floor, and stays.
UPDATE "catalogue_entry" SET
  "description" = replace("description", 'at least 50,000 BDT', 'at least {monthlyIncomeMin}'),
  "features" = replace(replace("features"::text, 'at least 50,000 BDT', 'at least {monthlyIncomeMin}'), 'Minimum monthly income of 50,000 BDT', 'Minimum monthly income of {monthlyIncomeMin}')::jsonb,
  "bangla" = replace("bangla"::text, 'অন্তত ৫০,০০০ টাকা', 'অন্তত {monthlyIncomeMin}')::jsonb
WHERE "kind" = 'loan';
