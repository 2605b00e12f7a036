import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The card a password-reset page shows once its form has done its work or cannot: a heading, the
 * outcome announced (a status, or an alert when it failed), an optional note, and the one way on.
 */
export function OutcomeCard({ title, message, tone, note, next }: { title: string; message: string; tone: 'success' | 'error'; note?: ReactNode; next: { to: string; label: string } }) {
  return (
    <div className="card-body gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role={tone === 'success' ? 'status' : 'alert'} className={`alert alert-soft text-sm ${tone === 'success' ? 'alert-success' : 'alert-error'}`}>
        {message}
      </p>
      {note ? <p className="text-sm text-base-content/80">{note}</p> : null}
      <Link to={next.to} className="btn btn-primary">
        {next.label}
      </Link>
    </div>
  );
}
