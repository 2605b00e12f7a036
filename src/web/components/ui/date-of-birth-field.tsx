import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { monthNamesIn } from '../../../shared/dates';
import { toAsciiDigits } from '../../../shared/digits';
import { currentLanguage, messageInLanguage } from '../../lib/i18n';

type DateOfBirthFieldProps = {
  id: string;
  legend: string;
  /** YYYY-MM-DD when complete; anything else is what the schema refuses with its message. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** 'off' for a date that is not the reader's birthday (a statement's range), so the browser offers no birth date. */
  autoComplete?: 'bday' | 'off';
};

type Parts = { day: string; month: string; year: string };

function partsOf(value: string | undefined): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) } : { day: '', month: '', year: '' };
}

/**
 * Day, month and year as three fields, in the order Bangladesh writes dates, instead of the
 * browser's date picker, which shows mm/dd/yyyy on a device set to US English. The day and year
 * accept Bangla digits; the month is chosen by name. Complete parts become YYYY-MM-DD; anything
 * else goes to the form as it is, so that the schema names what is wrong.
 */
function toValue({ day, month, year }: Parts): string {
  const [d, m, y] = [toAsciiDigits(day).trim(), month, toAsciiDigits(year).trim()];
  if (!d && !m && !y) return '';
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return `${y}-${m}-${d}`;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

export function DateOfBirthField({ id, legend, value, onChange, onBlur, error, autoComplete = 'bday' }: DateOfBirthFieldProps) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const update = (changed: Partial<Parts>) => {
    const next = { ...parts, ...changed };
    setParts(next);
    onChange(toValue(next));
  };
  const errorId = `${id}-error`;
  const autoCompleteOf = (part: 'day' | 'month' | 'year') => (autoComplete === 'off' ? 'off' : `bday-${part}`);
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, onBlur };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-base-content">{legend}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1.4fr)] gap-2">
        <div className="flex flex-col gap-0.5">
          <label htmlFor={id} className="text-xs text-base-content/70">
            {t('dateInput.day')}
          </label>
          <input
            id={id}
            className="input w-full"
            inputMode="numeric"
            autoComplete={autoCompleteOf('day')}
            maxLength={2}
            value={parts.day}
            onChange={(event) => update({ day: event.target.value })}
            {...common}
          />
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-month`} className="text-xs text-base-content/70">
            {t('dateInput.month')}
          </label>
          <select id={`${id}-month`} className="select w-full" autoComplete={autoCompleteOf('month')} value={parts.month} onChange={(event) => update({ month: event.target.value })} {...common}>
            <option value="">{t('dateInput.chooseMonth')}</option>
            {monthNamesIn(currentLanguage()).map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-year`} className="text-xs text-base-content/70">
            {t('dateInput.year')}
          </label>
          <input
            id={`${id}-year`}
            className="input w-full"
            inputMode="numeric"
            autoComplete={autoCompleteOf('year')}
            maxLength={4}
            value={parts.year}
            onChange={(event) => update({ year: event.target.value })}
            {...common}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {messageInLanguage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
