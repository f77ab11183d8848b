import { StoriesPage } from './stories-page';

/** Announcements (/announcements): the customer app's notices in every language. */
export function AnnouncementsPage() {
  return <StoriesPage kind="announcements" />;
}
