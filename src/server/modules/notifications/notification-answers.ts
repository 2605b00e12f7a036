import type { NotificationAnswer } from '../../../shared/schemas/notifications';
import { toIso } from '../../lib/answer-fields';
import type { NotificationRow } from './notifications.repository';

/** Only string facts reach the web app: a stored value of another type is left out, not guessed at. */
function paramsOf(row: NotificationRow): Record<string, string> {
  const raw: unknown = row.params;
  if (raw === null || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function toNotificationAnswer(row: NotificationRow): NotificationAnswer {
  return {
    _id: row.id,
    kind: row.kind as NotificationAnswer['kind'],
    params: paramsOf(row),
    createdAt: toIso(row.created_at),
    readAt: row.read_at === null ? null : toIso(row.read_at),
  };
}
