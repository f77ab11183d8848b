import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { AnnouncementList } from '../../features/announcements/components/announcement-list';
import './announcements.css';

/** /mine/announcement: the platform's notices. */
export function AnnouncementsRoute() {
  const { t } = useTranslation();
  return (
    <PageShell className="announcements-page" title={t('nav.mineAnnouncement')}>
      <AnnouncementList />
    </PageShell>
  );
}
