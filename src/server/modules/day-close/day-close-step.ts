import type { Transaction } from '../../db/database';

/**
 * One step of the bank's day close for a business date (`YYYY-MM-DD`, Dhaka), such as accruing
 * every savings account's interest or maturing the fixed deposits due. The day close runs each
 * step in its own transaction and records in that same transaction that the step is done for the
 * date, so a step's work commits exactly once even when the process is killed and restarted; a
 * step therefore never commits on its own. It is set-based: a few SQL statements for all the
 * accounts it concerns, not a statement per account.
 */
export type DayCloseStep = {
  /** Stable and unique, kebab-case: the day close's history and progress are recorded by it. */
  name: string;
  /**
   * Does the step's work for `businessDate` and says how many rows (accounts, deposits) it
   * touched. A step that works in chunks does one and says `more`: the close commits that chunk
   * and calls it again in a new transaction, and records the step done only in the call that says
   * no more. Such a step must find what is left from the database alone, so that after a kill the
   * next call carries on from the last chunk that committed.
   */
  run(tx: Transaction, businessDate: string): Promise<{ rows: number; more?: boolean }>;
};
