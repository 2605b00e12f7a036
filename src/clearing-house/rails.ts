import { railsCalendar } from '../shared/payment-rails/rails-calendar';
import { isPublicHoliday } from './holidays';

export { rtgsMinimumPoisha } from '../shared/payment-rails/rail-rules';
export { dhakaDay as dhakaDate } from '../shared/dates';
export { dhakaInstant } from '../shared/payment-rails/rails-calendar';

/** The rails' calendar as the switch applies it: Bangladesh Bank's rules over the switch's own holidays. */
export const { isWorkingDay, nextWorkingDay, rtgsWindow, beftnSessionFor, beftnSessionById, nextBeftnSession, beftnReturnDeadline } = railsCalendar(isPublicHoliday);
