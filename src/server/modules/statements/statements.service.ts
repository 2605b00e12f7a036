import { statementFileLinesMax } from '../../../shared/constants';
import { addCalendarDays, dhakaDayStart } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { StatementRange, StatementRangeAnswer } from '../../../shared/schemas/statements';
import type { Database, Transaction } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { AppError, assertInvariant, notFound } from '../../errors';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import type { SignedInUser } from '../auth/signed-in-user';
import { toStatementLine } from '../accounts/account-answers';
import { type AccountRow, type StatementRow, statementReadBatchLines } from '../accounts/accounts.repository';
import { findVisibleAccount } from '../accounts/accounts.service';
import { findEntryPostings, listRangeLines, rangeTotals, type StatementWindow } from './statements.repository';

/** The instants a range of Dhaka calendar days covers: from the start of `from` to the start of the day after `to`. */
export function windowOf(range: StatementRange): StatementWindow {
  return { start: dhakaDayStart(range.from), end: dhakaDayStart(addCalendarDays(range.to, 1)) };
}

/** A range's balances and totals in poisha; closing = opening + in − out. */
export type RangeFigures = { openingPoisha: bigint; closingPoisha: bigint; inPoisha: bigint; outPoisha: bigint; lineCount: number };

async function figuresOf(reader: Parameters<typeof rangeTotals>[0], accountId: string, window: StatementWindow): Promise<RangeFigures> {
  const totals = await rangeTotals(reader, accountId, window);
  const openingPoisha = BigInt(totals.before_poisha);
  const inPoisha = BigInt(totals.in_poisha);
  const outPoisha = BigInt(totals.out_poisha);
  const closingPoisha = openingPoisha + inPoisha - outPoisha;
  assertInvariant(openingPoisha >= 0n && closingPoisha >= 0n, 'a customer balance is never below zero');
  return { openingPoisha, closingPoisha, inPoisha, outPoisha, lineCount: totals.line_count };
}

function answerOf(accountId: string, range: StatementRange, figures: RangeFigures, lines: StatementRow[], nextAfter: string | null, language: Language): StatementRangeAnswer {
  return {
    accountId,
    from: range.from,
    to: range.to,
    openingBalance: poishaToBdtNumber(figures.openingPoisha),
    closingBalance: poishaToBdtNumber(figures.closingPoisha),
    totalIn: poishaToBdtNumber(figures.inPoisha),
    totalOut: poishaToBdtNumber(figures.outPoisha),
    lineCount: figures.lineCount,
    lines: lines.map((line) => toStatementLine(line, language)),
    nextAfter,
  };
}

/**
 * One page of an account's statement for a range, with the whole range's balances and totals,
 * read in one snapshot so that the figures and the lines agree. Customers read their own
 * accounts, staff any; anyone else's account answers as a missing one.
 */
export async function statementForRange(db: Database, viewer: SignedInUser, accountId: string, range: StatementRange, limit: number, after?: bigint): Promise<StatementRangeAnswer> {
  return runInSnapshot(db, async (reader) => {
    await findVisibleAccount(reader, viewer, accountId);
    const window = windowOf(range);
    const figures = await figuresOf(reader, accountId, window);
    const rows = await listRangeLines(reader, accountId, window, limit + 1, after);
    const page = rows.slice(0, limit);
    return answerOf(accountId, range, figures, page, rows.length > limit ? (page.at(-1)?.posting_id ?? null) : null, viewer.language);
  });
}

/** Everything a downloaded statement shows: the account, the range's figures and every line, in the language it is written in. */
export type StatementFile = { account: AccountRow; range: StatementRange; figures: RangeFigures; lines: StatementRangeAnswer['lines']; answer: StatementRangeAnswer; language: Language };

/**
 * Every line of a range, read `statementReadBatchLines` at a time along the posting id with a turn
 * for the event loop between batches: on the embedded database each read runs on this process's
 * own thread, and one read of thousands of lines would hold every other request up meanwhile.
 */
async function readRangeLinesInBatches(reader: Transaction, accountId: string, window: StatementWindow): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for (;;) {
    const last = rows.at(-1);
    const batch = await listRangeLines(reader, accountId, window, statementReadBatchLines, last ? BigInt(last.posting_id) : undefined);
    rows.push(...batch);
    if (batch.length < statementReadBatchLines) return rows;
    await yieldToEventLoop();
  }
}

/** The whole range for a CSV or a PDF; more than `statementFileLinesMax` lines asks for a shorter range. */
export async function statementFileOf(db: Database, viewer: SignedInUser, accountId: string, range: StatementRange, language: Language): Promise<StatementFile> {
  return runInSnapshot(db, async (reader) => {
    const account = await findVisibleAccount(reader, viewer, accountId);
    const window = windowOf(range);
    const figures = await figuresOf(reader, accountId, window);
    if (figures.lineCount > statementFileLinesMax) {
      const message = `This range has more than ${statementFileLinesMax} transactions: choose a shorter range`;
      throw new AppError(400, 'invalid_input', message, { to: message });
    }
    const rows = await readRangeLinesInBatches(reader, accountId, window);
    assertInvariant(rows.length === figures.lineCount, 'a statement file holds every line its figures count');
    const answer = answerOf(accountId, range, figures, rows, null, language);
    return { account, range, figures, lines: answer.lines, answer, language };
  });
}

/** What a transfer receipt shows; the sender's balance after only when the reader sent it. */
export type TransferReceipt = {
  entryId: string;
  /** The short reference as shown (`formatReference`). */
  reference: string;
  postedAt: Date;
  fromAccountId: string;
  fromHolder: string;
  toAccountId: string;
  toHolder: string;
  amountPoisha: bigint;
  senderBalanceAfterPoisha: bigint | null;
};

/**
 * The receipt of one transfer, for the customer who sent it or the one who received it. Anything
 * else (another customer's transfer, a deposit, an unknown reference) answers as a missing
 * receipt, so a reference number reveals nothing to a stranger.
 */
export async function transferReceiptFor(db: Database, viewer: SignedInUser, entryId: string): Promise<TransferReceipt> {
  const postings = await findEntryPostings(db, entryId);
  const sender = postings.find((posting) => BigInt(posting.amount_poisha) < 0n);
  const receiver = postings.find((posting) => BigInt(posting.amount_poisha) > 0n);
  const isTransfer = postings.length === 2 && postings[0]?.kind === 'transfer';
  if (!isTransfer || !sender || !receiver) throw notFound('Receipt');
  const isSender = sender.owner_user_id === viewer.id;
  if (!isSender && receiver.owner_user_id !== viewer.id) throw notFound('Receipt');
  return {
    entryId: sender.entry_id,
    reference: formatReference(sender.reference),
    postedAt: new Date(sender.created_at),
    fromAccountId: sender.account_id,
    fromHolder: sender.holder_name ?? '',
    toAccountId: receiver.account_id,
    toHolder: receiver.holder_name ?? '',
    amountPoisha: BigInt(receiver.amount_poisha),
    senderBalanceAfterPoisha: isSender ? BigInt(sender.balance_after_poisha) : null,
  };
}
