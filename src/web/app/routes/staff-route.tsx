import { Outlet } from 'react-router';
import { RequireSignIn } from './require-sign-in';
import { StaffOnly } from './staff-only';

/** The dashboard's gate, loaded beside the dashboard's code: a visitor's first screen never shows it. */
export default function StaffRoute() {
  return (
    <RequireSignIn>
      <StaffOnly>
        <Outlet />
      </StaffOnly>
    </RequireSignIn>
  );
}
