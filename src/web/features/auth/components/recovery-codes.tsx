import { useTranslation } from '../../../lib/use-translation';

/** The recovery codes, shown once: a list to copy, a text file to keep, or the page to print. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation();
  const download = () => {
    const text = `${t('twoFactor.settings.fileHeading', { email })}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'padma-bank-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-base-300 bg-base-200 p-3 font-mono text-base" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={download}>
          {t('twoFactor.settings.download')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => window.print()}>
          {t('twoFactor.settings.print')}
        </button>
      </div>
    </div>
  );
}
