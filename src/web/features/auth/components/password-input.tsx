import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy } from '../../../components/ui/form-field';

type PasswordInputProps = { id: string; autoComplete: string; error?: string | undefined; hint?: string; registration: UseFormRegisterReturn };

export function PasswordInput({ id, autoComplete, error, hint, registration }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="join w-full">
      <input className="input join-item w-full" type={visible ? 'text' : 'password'} autoComplete={autoComplete} {...describedBy(id, error, hint)} {...registration} />
      <button type="button" className="btn join-item" aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
        {visible ? t('auth.hidePassword') : t('auth.showPassword')}
      </button>
    </div>
  );
}
