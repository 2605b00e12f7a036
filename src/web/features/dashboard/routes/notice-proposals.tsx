import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { NoticeProposalAnswer } from '../../../../shared/schemas/service-notice';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useNoticeActions, useNoticeProposals } from '../api/service-notices';
import { QueryState } from '../../../components/ui/query-state';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog';
import { proposalDecision } from '../components/proposal-decision';
import { ListFailure } from '../components/list-failure';
import { StatusBadge } from '../../../components/ui/status-badge';

/** Who proposed and who decided, with the decliner's reason, in one line each. */
function ProposalPeople({ proposal, mine }: { proposal: NoticeProposalAnswer; mine: boolean }) {
  const { t } = useTranslation();
  const proposer = mine ? t('dashboard.notices.proposedByYou') : t('dashboard.notices.proposedBy', { name: proposal.proposedBy });
  return (
    <div className="text-sm text-base-content/80">
      <p>
        {proposer} · <time dateTime={proposal.proposedAt}>{formatDateTime(proposal.proposedAt)}</time>
      </p>
      {proposal.decidedBy ? <p>{t(`dashboard.notices.decidedBy.${proposal.status === 'declined' ? 'declined' : 'approved'}`, { name: proposal.decidedBy })}</p> : null}
      {proposal.declinedReason ? <p className="wrap-anywhere">{t('dashboard.notices.declinedReason', { reason: proposal.declinedReason })}</p> : null}
      {proposal.status === 'pending' && mine ? <p className="font-medium">{t('dashboard.notices.waitingForColleague')}</p> : null}
    </div>
  );
}

function ProposalRow({ proposal, mine, onDecide }: { proposal: NoticeProposalAnswer; mine: boolean; onDecide: (kind: 'approve' | 'decline') => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4" data-testid="notice-proposal">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {t(`dashboard.notices.kinds.${proposal.kind}`)}
          <StatusBadge status={proposal.status} label={t(`dashboard.statuses.${proposal.status}`, { defaultValue: proposal.status })} nowrap />
        </p>
        <p className="wrap-anywhere" lang="en">
          <span className="text-xs uppercase tracking-wide text-base-content/70">{t('dashboard.notices.english')} </span>
          {proposal.textEn}
        </p>
        <p className="wrap-anywhere" lang="bn">
          <span className="text-xs uppercase tracking-wide text-base-content/70">{t('dashboard.notices.bangla')} </span>
          {proposal.textBn}
        </p>
        <p className="text-sm text-base-content/80">{t('dashboard.notices.window', { start: formatDateTime(proposal.startsAt), end: formatDateTime(proposal.endsAt) })}</p>
        <ProposalPeople proposal={proposal} mine={mine} />
      </div>
      {proposal.status === 'pending' ? (
        <span className="inline-flex flex-wrap gap-2">
          {/* The proposer may withdraw their proposal, never approve it: a second member of staff must. */}
          {mine ? null : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => onDecide('approve')}>
              {t('dashboard.list.approve')}
            </button>
          )}
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onDecide('decline')}>
            {t('dashboard.list.decline')}
          </button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * The proposed notices, newest first: a colleague approves one (with a code from their
 * authenticator app) or declines it with a reason the proposer reads here.
 */
export function NoticeProposals() {
  const { t } = useTranslation();
  const { user } = useSession();
  const proposals = useNoticeProposals();
  const { approve, decline } = useNoticeActions();
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  const ask = (proposal: NoticeProposalAnswer, kind: 'approve' | 'decline') => {
    const values = { kind: t(`dashboard.notices.kinds.${proposal.kind}`), name: proposal.proposedBy };
    const facts = [
      { label: t('dashboard.notices.textEn'), value: proposal.textEn, long: true },
      { label: t('dashboard.notices.textBn'), value: proposal.textBn, long: true },
      { label: t('dashboard.notices.startsAt'), value: formatDateTime(proposal.startsAt) },
      { label: t('dashboard.notices.endsAt'), value: formatDateTime(proposal.endsAt) },
    ];
    const words = {
      title: t(`dashboard.notices.${kind}Title`),
      body: t(`dashboard.notices.${kind}Body`, values),
      confirmLabel: t(`dashboard.notices.${kind}Confirm`),
      approved: t('dashboard.notices.approved'),
      declined: t('dashboard.notices.declined'),
      declineReason: { label: t('dashboard.notices.declineReason'), required: t('dashboard.notices.declineReasonRequired') },
    };
    setConfirming(
      proposalDecision({
        id: proposal.id,
        kind,
        words,
        facts,
        calls: { approve, decline },
      }),
    );
  };

  return (
    <>
      <h3 className="mb-3 text-lg font-semibold">{t('dashboard.notices.proposalsTitle')}</h3>
      <QueryState query={proposals} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />} empty={<p className="mb-6 text-base-content/80">{t('dashboard.notices.noProposals')}</p>}>
        {(list) => (
          <ul className="mb-8 flex flex-col gap-3">
            {list.map((proposal) => (
              <ProposalRow key={proposal.id} proposal={proposal} mine={proposal.proposedByUserId === user?.id} onDecide={(kind) => ask(proposal, kind)} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
