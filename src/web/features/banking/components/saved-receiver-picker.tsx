import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { maskAccountNumber } from '../../../../shared/account-display';
import type { SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';

/** The saved receiver of the typed account number, if any: the picker shows it, and the form offers no second save of it. */
export function savedReceiverOf(receivers: readonly SavedReceiverAnswer[], typedAccountNumber: string): SavedReceiverAnswer | undefined {
  return receivers.find((receiver) => receiver.accNum === typedAccountNumber.trim());
}

const optionLabel = (receiver: SavedReceiverAnswer) => `${receiver.nickname ? `${receiver.nickname} (${receiver.user})` : receiver.user} · ${maskAccountNumber(receiver.accNum)}`;

/**
 * Picks a saved receiver, which fills the account number below (and so looks it up); "a new
 * receiver" leaves it to be typed. Shows which saved receiver the number is now, so that editing
 * it falls back to "a new receiver" by itself.
 */
export function SavedReceiverPicker({ receivers, typed, onPick }: { receivers: readonly SavedReceiverAnswer[]; typed: string; onPick: (receiver: SavedReceiverAnswer | undefined) => void }) {
  const { t } = useTranslation();
  const current = savedReceiverOf(receivers, typed);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor="transfer-saved" className="text-sm font-medium text-base-content">
          {t('savedReceivers.pick')}
        </label>
        <Link to="/savedReceivers" className="link link-primary inline-flex min-h-11 items-center text-sm sm:min-h-0">
          {t('savedReceivers.manage')}
        </Link>
      </div>
      <select id="transfer-saved" className="select w-full" value={current?._id ?? ''} onChange={(event) => onPick(receivers.find((receiver) => receiver._id === event.target.value))}>
        <option value="">{t('savedReceivers.newReceiver')}</option>
        {receivers.map((receiver) => (
          <option key={receiver._id} value={receiver._id}>
            {optionLabel(receiver)}
          </option>
        ))}
      </select>
    </div>
  );
}
