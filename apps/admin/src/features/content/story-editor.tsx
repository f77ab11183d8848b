import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@meridian/contract/languages';
import { Badge, Button, Drawer, Form, Image, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../lib/use-action';
import {
  publishStory,
  STORIES_KEY,
  type Story,
  type StoryKind,
  type StoryVersion,
  useContentOptions,
} from './content-api';
import { type SharedFields, versionStatus } from './story-version';
import { VersionPane } from './story-version-pane';

const STATUS_BADGE = { published: 'success', draft: 'warning', missing: 'default' } as const;

/**
 * A story in every language: one tab per customer language, each with its title (and for news its
 * summary) and its rich text; saving writes that language's version (a draft when new), and
 * publishing makes it visible to customers. The preview shows the saved version as the server
 * hands it to the customer app, on a phone-width page styled like the app's.
 */
export function StoryEditor({
  kind,
  story,
  open,
  onClose,
}: {
  kind: StoryKind;
  story: Story | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useContentOptions();
  const [versions, setVersions] = useState<StoryVersion[]>(story?.versions ?? []);
  const slug = versions[0]?.slug ?? story?.slug;
  const first = versions[0];
  const [shared, setShared] = useState<SharedFields>({
    category_id: first?.category_id ?? 1,
    logo: first?.logo ?? '/api/content/art/markets.svg',
  });
  // News opens on the story's default-language version; announcements on English.
  const main =
    versions.find((version) => version.is_default) ??
    versions.find((version) => version.language === 'en') ??
    first;
  const [language, setLanguage] = useState<Language>((main?.language as Language) ?? 'en');
  const refresh = [STORIES_KEY(kind)];

  const remember = (saved: StoryVersion) =>
    setVersions((current) => [...current.filter((version) => version.language !== saved.language), saved]);

  const publishAll = useAction((published: boolean) => publishStory(kind, { slug: slug ?? '', published }), {
    refresh,
    onDone: (next) => setVersions(next.versions),
  });

  const byLanguage = new Map(versions.map((version) => [version.language, version]));
  const title = main?.title;
  const defaultVersion = versions.find((version) => version.is_default);
  const allPublished = versions.length > 0 && versions.every((version) => version.published);
  const anyPublished = versions.some((version) => version.published);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1080}
      destroyOnHidden
      title={title ?? t(`content.${kind}.new`)}
      extra={
        slug && (
          <Space>
            <Typography.Text type="secondary" copyable={{ text: slug }}>
              {slug}
            </Typography.Text>
            <Button
              onClick={() => publishAll.mutate(true)}
              disabled={allPublished}
              loading={publishAll.isPending && publishAll.variables}
            >
              {t('content.publishAll')}
            </Button>
            <Popconfirm title={t('content.unpublishAllConfirm')} onConfirm={() => publishAll.mutate(false)}>
              <Button danger disabled={!anyPublished}>
                {t('content.unpublishAll')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {kind === 'news' && (
        <Form layout="inline" className="story-shared">
          <Form.Item label={t('content.fields.category')}>
            <Select
              className="story-category"
              style={{ width: 200 }}
              value={shared.category_id}
              loading={options.isPending}
              onChange={(category_id) => setShared((current) => ({ ...current, category_id }))}
              options={options.data?.categories.map((category) => ({
                value: category.id,
                label: category.name,
              }))}
            />
          </Form.Item>
          <Form.Item label={t('content.fields.logo')}>
            <Space>
              <Image src={shared.logo} width={32} height={32} preview={false} className="story-cover" />
              <Select
                style={{ width: 200 }}
                value={
                  options.data?.covers.find((cover) => cover.url.split('?')[0] === shared.logo.split('?')[0])
                    ?.url ?? shared.logo
                }
                onChange={(logo) => setShared((current) => ({ ...current, logo }))}
                options={options.data?.covers.map((cover) => ({
                  value: cover.url,
                  label: (
                    <Space>
                      <img src={cover.url} alt="" width={18} height={18} />
                      {t(`content.covers.${cover.name}`, { defaultValue: cover.name })}
                    </Space>
                  ),
                }))}
              />
            </Space>
          </Form.Item>
          <Typography.Text type="secondary">{t('content.sharedHint')}</Typography.Text>
        </Form>
      )}
      <Tabs
        activeKey={language}
        onChange={(key) => setLanguage(key as Language)}
        items={LANGUAGES.map((code) => {
          const version = byLanguage.get(code);
          const status = versionStatus(version);
          return {
            key: code,
            label: (
              <span data-language={code}>
                <Badge status={STATUS_BADGE[status]} /> {LANGUAGE_NAMES[code]}
                {version?.is_default && (
                  <Tag className="story-default-tag" color="blue">
                    {t('content.defaultLanguage')}
                  </Tag>
                )}
              </span>
            ),
            children: (
              <VersionPane
                key={code}
                kind={kind}
                slug={slug}
                language={code}
                version={version}
                shared={shared}
                defaultLanguage={defaultVersion?.language as Language | undefined}
                translations={versions.length - 1}
                onSaved={remember}
                onStory={(next) => setVersions(next.versions)}
                onDeleted={(id) => setVersions((current) => current.filter((one) => one.id !== id))}
              />
            ),
          };
        })}
      />
    </Drawer>
  );
}
