import { LANGUAGES } from '@meridian/contract/languages';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { type Story, type StoryKind, useContentOptions, useStories } from './content-api';
import { StoryEditor } from './story-editor';
import { VERSION_STATUS_COLORS, versionStatus } from './story-version';
import './content.css';
import { useServerPaging } from '../../lib/list-paging';
import { exportList, ListTable } from '../../lib/list-table';

const PAGE_SIZE = 20;

/** The version the list names a story by: its default-language one, else English, else the first. */
function mainVersion(story: Story) {
  return (
    story.versions.find((version) => version.is_default) ??
    story.versions.find((version) => version.language === 'en') ??
    story.versions[0]
  );
}

/** When a story was last published (or saved as a draft), as the list shows it. */
function latestDate(story: Story): string {
  const latest = story.versions
    .map((version) => version.published_at)
    .sort()
    .at(-1);
  return latest ? formatDateTime(latest) : '';
}

/**
 * News or announcements: every story, newest first, with the state of each language version
 * (green published, gold draft); a story opens in the editor, and "New" starts one.
 */
export function StoriesPage({ kind }: { kind: StoryKind }) {
  const { t } = useTranslation();
  const paging = useServerPaging(PAGE_SIZE);
  const stories = useStories(kind, paging.page, PAGE_SIZE, paging.sort);
  const options = useContentOptions();
  // The editor is opened on a story (its slug) or on a new one ('new'); it keeps its own copy.
  const [editing, setEditing] = useState<{ story: Story | undefined; key: number }>();
  const open = (story: Story | undefined) => setEditing({ story, key: Date.now() });

  const categoryName = (id: number | undefined) =>
    options.data?.categories.find((category) => category.id === id)?.name ?? '';
  const languagesOf = (story: Story) =>
    LANGUAGES.filter((code) => story.versions.some((version) => version.language === code));

  return (
    <Page
      title={t(`nav.${kind}`)}
      extra={
        <Space>
          <Button onClick={() => stories.refetch()} loading={stories.isFetching}>
            {t('common.refresh')}
          </Button>
          <Button type="primary" onClick={() => open(undefined)}>
            {t(`content.${kind}.new`)}
          </Button>
        </Space>
      }
    >
      <ListTable<Story>
        rowKey="slug"
        query={stories}
        rows={stories.data?.list}
        csvName="stories"
        serverSort={paging.serverSort}
        exportRows={() => exportList<Story>(`/content/${kind}`, paging.sortFields)}
        onRow={(story) => ({ onClick: () => open(story), className: 'story-row' })}
        pagination={paging.pagination(stories.data?.total)}
        columns={[
          {
            title: t('content.fields.title'),
            key: 'title',
            sortKey: 'title',
            sortValue: (story) => mainVersion(story)?.title,
            render: (_, story) => {
              const main = mainVersion(story);
              return (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{main?.title}</Typography.Text>
                  <Typography.Text type="secondary" className="story-slug">
                    {story.slug}
                  </Typography.Text>
                </Space>
              );
            },
          },
          ...(kind === 'news'
            ? [
                {
                  title: t('content.fields.category'),
                  key: 'category',
                  width: 160,
                  sortValue: (story: Story) => categoryName(story.versions[0]?.category_id),
                  render: (_: unknown, story: Story) => categoryName(story.versions[0]?.category_id),
                },
              ]
            : []),
          {
            title: t('content.languages'),
            key: 'languages',
            sortKey: 'languages',
            sortValue: (story) => languagesOf(story).join(' '),
            render: (_, story) => (
              <Space size={[4, 4]} wrap>
                {languagesOf(story).map((code) => {
                  const status = versionStatus(story.versions.find((version) => version.language === code));
                  return (
                    <Tooltip key={code} title={t(`content.status.${status}`)}>
                      <Tag color={VERSION_STATUS_COLORS[status]} data-status={status}>
                        {code.toUpperCase()}
                      </Tag>
                    </Tooltip>
                  );
                })}
              </Space>
            ),
          },
          {
            title: t('common.time'),
            key: 'time',
            width: 190,
            sortKey: 'published_at',
            sortValue: (story) => latestDate(story),
            render: (_, story) => latestDate(story),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            csv: false,
            width: 110,
            render: (_, story) => (
              <Button
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  open(story);
                }}
              >
                {t('content.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <StoryEditor
          key={editing.key}
          kind={kind}
          story={editing.story}
          open
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
