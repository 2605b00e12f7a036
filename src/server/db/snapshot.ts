import type { Database, Transaction } from './client';

/**
 * Several reads that must agree (a page and its total, an account and its statement) run in one
 * repeatable-read transaction: each sees the database as it was at the first read.
 */
export function runInSnapshot<T>(db: Database, work: (reader: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
