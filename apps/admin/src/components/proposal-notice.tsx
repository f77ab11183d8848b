import type { Proposal } from '@meridian/contract/proposals-staff';
import { App, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useNavigate } from 'react-router';

/**
 * After a change was proposed: it says the change awaits a second admin, with a link to the
 * proposal. The notice renders outside the router (antd's App holds it), so the link navigates
 * through the hook's own router functions rather than being a router <Link>.
 */
export function useProposedNotice(): (proposalId: number) => void {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const proposalsHref = useHref('/proposals');
  return (proposalId) => {
    const key = `proposal-${proposalId}`;
    notification.info({
      key,
      className: 'proposed-notice',
      message: t('proposals.notice.title'),
      description: (
        <>
          {t('proposals.notice.body')}{' '}
          <a
            href={`${proposalsHref}?id=${proposalId}`}
            onClick={(event) => {
              event.preventDefault();
              notification.destroy(key);
              navigate(`/proposals?id=${proposalId}`);
            }}
          >
            {t('proposals.notice.link', { id: proposalId })}
          </a>
        </>
      ),
      duration: 0,
    });
  };
}

/** On an item with changes waiting for a second admin: a tag linking to them. */
export function PendingProposals({ proposals }: { proposals: readonly Proposal[] | undefined }) {
  const { t } = useTranslation();
  if (!proposals || proposals.length === 0) return null;
  const first = proposals[0] as Proposal;
  return (
    <Tooltip title={t('proposals.pendingHint')}>
      <Link to={`/proposals?id=${first.id}`} className="pending-proposal">
        <Tag color="gold">{t('proposals.pendingTag', { count: proposals.length })}</Tag>
      </Link>
    </Tooltip>
  );
}
