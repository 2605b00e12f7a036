import type { HolidayInput, HolidayNames } from '../../../shared/schemas/holidays';
import type { Transaction } from '../../db/client';
import { assertInvariant, conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { deleteHoliday, insertHoliday, lockHoliday, updateHoliday, type HolidayRow } from './holidays.repository';

/**
 * The bank's calendar of public holidays, maintained by any one member of staff: a holiday only
 * closes the rails for a day (NPSB never closes), moves no money and is corrected as easily as
 * it is made, so it takes no second approver. Every change is in the audit trail, with the
 * names as they were and as they became. The caller clears the rails' cached calendar after the
 * commit (`forgetBankHolidays`).
 */

/** Whether the date is still a prediction, as the audit trail's before and after read. */
const standing = (holiday: HolidayNames) => (holiday.predicted ? 'predicted' : 'confirmed');
const namesOf = (holiday: HolidayNames) => ({ nameEn: holiday.nameEn, nameBn: holiday.nameBn, predicted: holiday.predicted });

const missing = () => notFound('Holiday');

export async function addHoliday(tx: Transaction, staff: SignedInUser, input: HolidayInput): Promise<HolidayRow> {
  const added = await insertHoliday(tx, { date: input.date, ...namesOf(input) }, staff.id);
  if (!added) throw conflict('holiday_exists', `${input.date} is a holiday already: correct it instead`);
  await recordAudit(tx, { actorUserId: staff.id, action: 'bank_holiday.add', subjectType: 'bank_holiday', subjectId: added.date, after: standing(added), detail: namesOf(added) });
  return added;
}

/** Corrects a holiday's names, or marks its date confirmed once the government has fixed it. */
export async function correctHoliday(tx: Transaction, staff: SignedInUser, date: string, names: HolidayNames): Promise<HolidayRow> {
  const before = await lockHoliday(tx, date);
  if (!before) throw missing();
  const after = await updateHoliday(tx, date, names, staff.id);
  assertInvariant(after, 'a locked holiday is there to update');
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'bank_holiday.correct',
    subjectType: 'bank_holiday',
    subjectId: date,
    before: standing(before),
    after: standing(after),
    detail: { previous: namesOf(before), corrected: namesOf(after) },
  });
  return after;
}

/** Removes a holiday: a predicted date that turned out wrong, or one the bank will open on after all. */
export async function removeHoliday(tx: Transaction, staff: SignedInUser, date: string): Promise<HolidayRow> {
  const removed = await deleteHoliday(tx, date);
  if (!removed) throw missing();
  await recordAudit(tx, { actorUserId: staff.id, action: 'bank_holiday.remove', subjectType: 'bank_holiday', subjectId: date, before: standing(removed), after: 'removed', detail: namesOf(removed) });
  return removed;
}
