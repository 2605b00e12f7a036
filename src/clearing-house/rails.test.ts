import { describe, expect, it } from 'vitest';
import { beftnReturnDeadline, beftnSessionFor, dhakaDate, isWorkingDay, nextBeftnSession, rtgsWindow } from './rails';

/** A Dhaka wall-clock time as an instant (Dhaka is UTC+6). */
function dhaka(local: string): Date {
  return new Date(`${local}+06:00`);
}

describe('the rails calendar', () => {
  it('reads the Dhaka date across UTC midnight', () => {
    expect(dhakaDate(new Date('2026-11-25T18:30:00Z'))).toBe('2026-11-26');
    expect(dhakaDate(new Date('2026-11-25T17:59:59Z'))).toBe('2026-11-25');
  });

  it('knows the weekend (Friday and Saturday) and the seeded holidays', () => {
    expect(isWorkingDay('2026-11-26')).toBe(true);
    expect(isWorkingDay('2026-11-27')).toBe(false);
    expect(isWorkingDay('2026-11-28')).toBe(false);
    expect(isWorkingDay('2026-11-29')).toBe(true);
    expect(isWorkingDay('2026-12-16')).toBe(false);
    expect(isWorkingDay('2027-03-26')).toBe(false);
  });

  it('opens RTGS from 10:00 to 17:00 on working days only', () => {
    expect(rtgsWindow(dhaka('2026-11-25T09:59:59'))).toEqual({ open: false, reason: 'outside_hours' });
    expect(rtgsWindow(dhaka('2026-11-25T10:00:00'))).toEqual({ open: true });
    expect(rtgsWindow(dhaka('2026-11-25T16:59:59'))).toEqual({ open: true });
    expect(rtgsWindow(dhaka('2026-11-25T17:00:00'))).toEqual({ open: false, reason: 'outside_hours' });
    expect(rtgsWindow(dhaka('2026-11-27T12:00:00'))).toEqual({ open: false, reason: 'non_working_day' });
    expect(rtgsWindow(dhaka('2026-12-16T12:00:00'))).toEqual({ open: false, reason: 'non_working_day' });
  });

  it('puts a BEFTN payment in the session open now, and closes each at its end', () => {
    expect(beftnSessionFor(dhaka('2026-11-25T00:00:00')).id).toBe('2026-11-25/1');
    expect(beftnSessionFor(dhaka('2026-11-25T11:59:59')).closesAt).toEqual(dhaka('2026-11-25T12:00:00'));
    expect(beftnSessionFor(dhaka('2026-11-25T12:00:00')).id).toBe('2026-11-25/2');
    expect(beftnSessionFor(dhaka('2026-11-25T14:59:59')).closesAt).toEqual(dhaka('2026-11-25T15:00:00'));
    expect(beftnSessionFor(dhaka('2026-11-25T15:00:00')).id).toBe('2026-11-25/3');
    expect(beftnSessionFor(dhaka('2026-11-25T23:59:59')).closesAt).toEqual(dhaka('2026-11-26T00:00:00'));
  });

  it('carries a BEFTN payment made on the weekend to the next working day', () => {
    expect(beftnSessionFor(dhaka('2026-11-27T13:00:00')).id).toBe('2026-11-29/1');
    expect(nextBeftnSession(beftnSessionFor(dhaka('2026-11-26T16:00:00'))).id).toBe('2026-11-29/1');
  });

  it('takes a BEFTN return until the end of the second session after settlement', () => {
    expect(beftnReturnDeadline(beftnSessionFor(dhaka('2026-11-25T09:00:00')))).toEqual(dhaka('2026-11-26T00:00:00'));
    expect(beftnReturnDeadline(beftnSessionFor(dhaka('2026-11-26T13:00:00')))).toEqual(dhaka('2026-11-29T12:00:00'));
  });
});
