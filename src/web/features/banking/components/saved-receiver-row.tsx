import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';
import { ConfirmButtons } from '../../../components/ui/confirm-buttons';
import { ApiError } from '../../../lib/api-client';
import { messageInLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/error-message';
import { useSavedReceiverActions } from '../api/saved-receivers';

type Mode = 'viewing' | 'renaming' | 'deleting';

const problemOf = (caught: unknown, t: Parameters<typeof errorMessage>[1]) =>
  caught instanceof ApiError && caught.fields.nickname ? messageInLanguage(caught.fields.nickname) : errorMessage(caught, t);

type RowActionsProps = { receiverId: string; atOtherBank: boolean; title: string; onRename: () => void; onDelete: () => void };

/** Pay this receiver (the transfer form, or the payment form for another bank or wallet, with it chosen), rename it, or delete it. */
function RowActions({ receiverId, atOtherBank, title, onRename, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`${atOtherBank ? '/payments/new' : '/transfer'}?receiver=${encodeURIComponent(receiverId)}`}
        className="btn btn-outline btn-primary btn-sm"
        aria-label={t('savedReceivers.payOf', { name: title })}
      >
        {t('savedReceivers.pay')}
      </Link>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRename} aria-label={t('savedReceivers.renameOf', { name: title })}>
        {t('savedReceivers.rename')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDelete} aria-label={t('savedReceivers.deleteOf', { name: title })}>
        {t('savedReceivers.delete')}
      </button>
    </div>
  );
}

type NicknameFormProps = { inputId: string; nickname: string; busy: boolean; onChange: (nickname: string) => void; onSave: () => void; onCancel: () => void };

/** The receiver's nickname, changed in place. */
function NicknameForm({ inputId, nickname, busy, onChange, onSave, onCancel }: NicknameFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('savedReceivers.nickname')}
      </label>
      <input id={inputId} className="input w-full" autoComplete="off" value={nickname} onChange={(event) => onChange(event.target.value)} autoFocus />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={busy}>
          {t('savedReceivers.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} aria-busy={busy}>
          {t('savedReceivers.saveNickname')}
        </button>
      </div>
    </form>
  );
}

/** One saved receiver: who it is, and renaming or deleting it in place (deleting asks first). */
export function SavedReceiverRow({ receiver }: { receiver: SavedReceiverAnswer }) {
  const { t, i18n } = useTranslation();
  const { participant } = receiver;
  // At this bank the account's type; elsewhere the bank's or wallet's name, in the reader's language.
  const where = participant
    ? t(participant.kind === 'wallet' ? 'savedReceivers.atWallet' : 'savedReceivers.atBank', { name: i18n.language === 'bn' ? participant.nameBn : participant.nameEn })
    : t('savedReceivers.typeAccount', { type: receiver.transfer ?? '' });
  const { rename, remove } = useSavedReceiverActions();
  const [mode, setMode] = useState<Mode>('viewing');
  const [nickname, setNickname] = useState(receiver.nickname ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const title = receiver.nickname ?? receiver.user;
  const finish = () => {
    setProblem(null);
    setMode('viewing');
  };
  const saveNickname = async () => {
    try {
      await rename.mutateAsync({ id: receiver._id, nickname });
      finish();
    } catch (caught) {
      setProblem(problemOf(caught, t));
    }
  };
  const deleteReceiver = async () => {
    try {
      await remove.mutateAsync(receiver._id);
    } catch (caught) {
      setProblem(problemOf(caught, t));
    }
  };

  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid="saved-receiver">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{title}</p>
          <p className="text-sm text-base-content/80">
            {receiver.nickname ? `${receiver.user} · ` : ''}
            {where} <span className="font-mono">{receiver.accNum}</span>
          </p>
        </div>
        {mode === 'viewing' ? (
          <RowActions
            receiverId={receiver._id}
            atOtherBank={participant !== null}
            title={title}
            onRename={() => {
              setNickname(receiver.nickname ?? '');
              setMode('renaming');
            }}
            onDelete={() => setMode('deleting')}
          />
        ) : null}
      </div>
      {mode === 'renaming' ? (
        <NicknameForm inputId={`nickname-${receiver._id}`} nickname={nickname} busy={rename.isPending} onChange={setNickname} onSave={() => void saveNickname()} onCancel={finish} />
      ) : null}
      {mode === 'deleting' ? (
        <div className="flex flex-col gap-2" role="group" aria-label={t('savedReceivers.deleteOf', { name: title })}>
          <p>{t('savedReceivers.deleteConfirm', { name: title })}</p>
          <ConfirmButtons
            cancelLabel={t('savedReceivers.cancel')}
            confirmLabel={t('savedReceivers.deleteYes')}
            busyLabel={t('operation.sending')}
            busy={remove.isPending}
            tone="error"
            size="sm"
            focusCancel
            onCancel={finish}
            onConfirm={() => void deleteReceiver()}
          />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
