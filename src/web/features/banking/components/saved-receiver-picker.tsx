import type { ReactNode } from 'react';
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

/** Who: the nickname with the masked name the customer confirmed, or that name alone. */
const whoOf = (receiver: SavedReceiverAnswer) => (receiver.nickname ? `${receiver.nickname} (${receiver.user})` : receiver.user);

/** Where: the bank's or wallet's name in the reader's language (none for this bank), then the masked number, kept on one line. */
const whereOf = (receiver: SavedReceiverAnswer, language: string) => (
  <>
    {receiver.participant ? `${language === 'bn' ? receiver.participant.nameBn : receiver.participant.nameEn} · ` : null}
    <span className="whitespace-nowrap">{maskAccountNumber(receiver.accNum)}</span>
  </>
);

type SavedReceiverPickerProps = {
  /** The group's id, and its radios' name: the transfer's and the payment's forms each have their own. */
  id?: string;
  receivers: readonly SavedReceiverAnswer[];
  typed: string;
  /** Where the typed number is: a participant's code, or null (the default) for this bank. */
  participant?: string | null;
  onPick: (receiver: SavedReceiverAnswer | undefined) => void;
};

type ChoiceProps = { name: string; value: string; checked: boolean; onChoose: () => void; who: string; where?: ReactNode };

/** One receiver as two lines that wrap: a bank's long name and a nickname fit a phone whole, as one line of a select could not. */
function Choice({ name, value, checked, onChoose, who, where }: ChoiceProps) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-box border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input type="radio" className="radio radio-primary radio-sm mt-0.5 shrink-0" name={name} value={value} checked={checked} onChange={onChoose} />
      <span className="min-w-0 break-words">
        <span className="block font-medium">{who}</span>
        {/* The space parts the two lines in the radio's name, which is read as one. */}
        {where ? <span className="block text-sm text-base-content/80"> {where}</span> : null}
      </span>
    </label>
  );
}

/**
 * Picks a saved receiver, which fills the account number below (and, for a payment, the bank or
 * wallet; and so looks it up); "a new receiver" leaves it to be typed. Shows which saved receiver
 * the number is now, so that editing it falls back to "a new receiver" by itself. A long list
 * scrolls within itself, so that the fields below stay near.
 */
export function SavedReceiverPicker({ id = 'transfer-saved', receivers, typed, participant = null, onPick }: SavedReceiverPickerProps) {
  const { t, i18n } = useTranslation();
  const chosen = savedReceiverOf(receivers, typed, participant)?._id ?? '';
  const labelId = `${id}-label`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-base-content">
          {t('savedReceivers.pick')}
        </span>
        <Link to="/savedReceivers" className="link link-primary inline-flex min-h-11 items-center text-sm sm:min-h-0">
          {t('savedReceivers.manage')}
        </Link>
      </div>
      <div id={id} role="radiogroup" aria-labelledby={labelId} className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        <Choice name={id} value="" checked={chosen === ''} onChoose={() => onPick(undefined)} who={t('savedReceivers.newReceiver')} />
        {receivers.map((receiver) => (
          <Choice
            key={receiver._id}
            name={id}
            value={receiver._id}
            checked={chosen === receiver._id}
            onChoose={() => onPick(receiver)}
            who={whoOf(receiver)}
            where={whereOf(receiver, i18n.language)}
          />
        ))}
      </div>
    </div>
  );
}
