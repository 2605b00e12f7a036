import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { maskAccountNumber } from '../../../../shared/account-display';
import type { SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';

/**
 * The saved receiver of the typed account number at this participant (null: this bank), if any:
 * the picker shows it, and the form offers no second save of it.
 */
export function savedReceiverOf(receivers: readonly SavedReceiverAnswer[], typedAccountNumber: string, participant: string | null = null): SavedReceiverAnswer | undefined {
  return receivers.find((receiver) => receiver.accNum === typedAccountNumber.trim() && (receiver.participant?.code ?? null) === participant);
}

const optionLabel = (receiver: SavedReceiverAnswer, language: string) => {
  const who = receiver.nickname ? `${receiver.nickname} (${receiver.user})` : receiver.user;
  const where = receiver.participant ? ` · ${language === 'bn' ? receiver.participant.nameBn : receiver.participant.nameEn}` : '';
  return `${who}${where} · ${maskAccountNumber(receiver.accNum)}`;
};

type SavedReceiverPickerProps = {
  /** The select's id: the transfer's and the payment's forms each have their own. */
  id?: string;
  receivers: readonly SavedReceiverAnswer[];
  typed: string;
  /** Where the typed number is: a participant's code, or null (the default) for this bank. */
  participant?: string | null;
  onPick: (receiver: SavedReceiverAnswer | undefined) => void;
};

/**
 * Picks a saved receiver, which fills the account number below (and, for a payment, the bank or wallet; and so looks it up); "a new
 * receiver" leaves it to be typed. Shows which saved receiver the number is now, so that editing
 * it falls back to "a new receiver" by itself.
 */
export function SavedReceiverPicker({ id = 'transfer-saved', receivers, typed, participant = null, onPick }: SavedReceiverPickerProps) {
  const { t, i18n } = useTranslation();
  const current = savedReceiverOf(receivers, typed, participant);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-base-content">
          {t('savedReceivers.pick')}
        </label>
        <Link to="/savedReceivers" className="link link-primary inline-flex min-h-11 items-center text-sm sm:min-h-0">
          {t('savedReceivers.manage')}
        </Link>
      </div>
      <select id={id} className="select w-full" value={current?._id ?? ''} onChange={(event) => onPick(receivers.find((receiver) => receiver._id === event.target.value))}>
        <option value="">{t('savedReceivers.newReceiver')}</option>
        {receivers.map((receiver) => (
          <option key={receiver._id} value={receiver._id}>
            {optionLabel(receiver, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
