import type { RegisteredUser } from '../../../shared/schemas/users';
import type { ListedUser } from './users.repository';

/** A registered user in the staff list: `disabled` once deleted by staff, and any change waiting for a second staff member. */
export const toRegisteredUser = (row: ListedUser): RegisteredUser => ({
  _id: row.id,
  fullName: row.name,
  email: row.email,
  image: row.image,
  role: row.role,
  disabled: row.banned,
  createdAt: row.createdAt.toISOString(),
  waitingChange: row.waitingChange
    ? {
        action: row.waitingChange.action,
        requestedBy: { _id: row.waitingChange.requestedByUserId, fullName: row.waitingChange.requestedByName },
        requestedAt: row.waitingChange.requestedAt.toISOString(),
      }
    : null,
});
