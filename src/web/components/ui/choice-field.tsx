import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FormField } from './form-field';

type ChoiceFieldProps = { id: string; label: string; error: string | undefined; prompt: string; choices: ReadonlyArray<{ value: string; label: string }>; registration: UseFormRegisterReturn };

/** A required choice that starts on its prompt, which cannot be chosen back. */
export function ChoiceField({ id, label, error, prompt, choices, registration }: ChoiceFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <select className="select w-full" defaultValue="" {...describedBy(id, error)} {...registration}>
        <option value="" disabled>
          {prompt}
        </option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
