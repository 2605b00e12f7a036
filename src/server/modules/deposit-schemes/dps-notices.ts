import { type SQL, sql } from 'drizzle-orm';
import { dpsMissesAllowed, dpsRetryDays } from '../../../shared/interest/savings-scheme';
import { noticeNotRaised } from '../notices/notices.repository';

/*
 * The customer's notices of an instalment the day close could not take, as queries of the
 * notices' columns (`noticesWriteFrom`): selected from the rows the close just changed, so the
 * notices are written by the statement that changes the state, for any number of schemes. Each
 * e-mail's key names the instalment or the scheme, so no event is e-mailed twice. The facts are
 * `NotificationParams` of src/shared/schemas/notifications.ts, every value a string.
 */

/** The facts every notice of an instalment carries, from `s` a scheme row and `i` an instalment row. */
const instalmentFacts = sql`'reference', s.reference, 'accountId', s.account_id, 'instalment', i.number::text, 'dueDay', i.due_day::text, 'amountPoisha', s.instalment_poisha::text`;

/**
 * An instalment due on `businessDate` that the close could not take (the account short, or not
 * active): it is tried again at each close until its last try. Told once, on its due day; the
 * e-mail's key keeps a second run of the date from telling it again.
 */
export function retryingNoticeRows(businessDate: string, at: Date): SQL {
  const key = sql`'dps-instalment-retrying:' || s.id::text || ':' || i.number::text`;
  return sql`
    SELECT s.owner_user_id AS user_id, 'dps-instalment-retrying'::text AS kind,
      jsonb_build_object(${instalmentFacts}, 'lastTryDay', (i.due_day + ${dpsRetryDays}::int)::text) AS params,
      ${key} AS dedupe_key, s.holder_name AS name, ${at.toISOString()}::text AS at
    FROM dps_instalment i JOIN dps_scheme s ON s.id = i.scheme_id
    WHERE i.status = 'due' AND i.due_day = ${businessDate}::date AND s.status = 'active' AND ${noticeNotRaised(key)}`;
}

/**
 * The notices of `markMissedInstalments`' statement, from its steps `dps_missed` (the instalments
 * just missed) and `dps_counted` (their schemes as updated): one per instalment missed by a scheme
 * that stays active, with how many it may still miss; and one per scheme defaulted, which tells
 * the misses of its last day with it (the last of them named) rather than beside it, and what the
 * scheme still pays: the instalments paid, at the early-closure rate, on the maturity day.
 */
export function missNoticeRows(at: Date): SQL {
  const when = sql`${at.toISOString()}::text`;
  return sql`
    SELECT s.owner_user_id AS user_id, 'dps-instalment-missed'::text AS kind,
      jsonb_build_object(${instalmentFacts}, 'missedCount', s.missed_count::text, 'missesLeft', (${dpsMissesAllowed}::int - s.missed_count)::text) AS params,
      'dps-instalment-missed:' || s.id::text || ':' || i.number::text AS dedupe_key, s.holder_name AS name, ${when} AS at
    FROM dps_missed i JOIN dps_counted s ON s.id = i.scheme_id
    WHERE s.status = 'active'
    UNION ALL
    SELECT s.owner_user_id, 'dps-defaulted'::text,
      jsonb_build_object(${instalmentFacts}, 'missedCount', s.missed_count::text, 'missesAllowed', ${String(dpsMissesAllowed)}::text,
        'paidCount', (SELECT count(*) FROM dps_instalment p WHERE p.scheme_id = s.id AND p.status = 'paid')::text,
        'maturityDay', s.maturity_day::text, 'earlyRateBasisPoints', s.early_rate_basis_points::text),
      'dps-defaulted:' || s.id::text, s.holder_name, ${when}
    FROM dps_counted s
    JOIN LATERAL (SELECT m.number, m.due_day FROM dps_missed m WHERE m.scheme_id = s.id ORDER BY m.number DESC LIMIT 1) i ON true
    WHERE s.status = 'defaulted'`;
}
