import type { Language } from '../../../shared/language';

/**
 * The person a request's session belongs to, as the domain sees them. `language` is the one the
 * user chose on the website: their e-mails are written in it. `twoFactorEnabled`: the user
 * confirmed an authenticator app; required of staff, optional for customers. `phoneVerified`: the
 * user verified a mobile number, where step-up codes go by SMS when they have no app.
 * `staffAdministrator`: a staff member who manages the other staff members.
 */
export type SignedInUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  mustChangePassword: boolean;
  language: Language;
  twoFactorEnabled: boolean;
  staffAdministrator: boolean;
  phoneVerified: boolean;
};
