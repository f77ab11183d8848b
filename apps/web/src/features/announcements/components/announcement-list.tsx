import type { Announcement } from '@meridian/contract/content';
import { Button, Collapse, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useDateFormat } from '../../../hooks/use-date-format';
import { contentLanguageProps } from '../../../lib/content-language';
import { firstOfEach } from '../../../lib/first-of-each';
import { useAnnouncements } from '../api/get-announcements';
import '../../../components/rich-text.css';
import './announcement-list.css';

const SKELETON_ROWS = 6;

function uniqueById(pages: readonly { list: readonly Announcement[] }[]): Announcement[] {
  return firstOfEach(
    pages.map((page) => page.list),
    (notice) => notice.id,
  );
}

/**
 * /mine/announcement: the notices, newest first, each opening in place to its full text; the
 * newest is open from the start. More load as the reader scrolls.
 */
export function AnnouncementList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const announcements = useAnnouncements();
  const notices = useMemo(() => uniqueById(announcements.data?.pages ?? []), [announcements.data]);

  if (announcements.isPending) {
    return (
      <SkeletonRows count={SKELETON_ROWS} className="announcement-skeleton">
        <Skeleton.Paragraph lineCount={2} animated />
      </SkeletonRows>
    );
  }
  if (announcements.isError && !announcements.data) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('common.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void announcements.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (notices.length === 0)
    return <ErrorBlock status="empty" title={t('announcements.empty')} description="" />;

  const loadMore = async () => {
    const result = await announcements.fetchNextPage();
    if (result.isError) throw result.error;
  };

  return (
    <>
      <Collapse className="announcement-list" defaultActiveKey={[String(notices[0]?.id)]}>
        {notices.map((notice) => (
          <Collapse.Panel
            key={String(notice.id)}
            title={
              <span className="announcement-heading" {...contentLanguageProps(notice.language)}>
                <span className="announcement-title">{notice.title}</span>
                <time className="announcement-date" dateTime={notice.created_at}>
                  <bdi>{dates.date(notice.created_at)}</bdi>
                </time>
              </span>
            }
          >
            <div {...contentLanguageProps(notice.language)}>
              <RichText html={notice.content} />
            </div>
          </Collapse.Panel>
        ))}
      </Collapse>
      {/* A single short page needs no "no more" line under it. */}
      {(announcements.hasNextPage || (announcements.data?.pages.length ?? 0) > 1) && (
        <InfiniteScroll loadMore={loadMore} hasMore={announcements.hasNextPage} />
      )}
    </>
  );
}
