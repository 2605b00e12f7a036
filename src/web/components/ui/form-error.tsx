import { useTranslation } from '../../lib/use-translation';
import { messageInLanguage } from '../../lib/i18n';

/** The message under a form when the server refuses it (spec section 8: shown in pink). */
export function FormError({ message }: { message: string | null | undefined }) {
  useTranslation();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-pink-300 bg-pink-50 px-3 py-2 text-sm font-medium text-pink-700">
      {messageInLanguage(message)}
    </p>
  );
}
