import { EyeOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import {
  deleteStoryVersion,
  previewStory,
  publishStory,
  STORIES_KEY,
  type Story,
  type StoryKind,
  type StoryVersion,
  saveStory,
  useContentOptions,
} from './content-api';
import { categoryNameIn, PhonePreview, type PreviewStory } from './phone-preview';

// Tiptap and ProseMirror are loaded with the first story opened, not with the back office.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The story-wide fields of news: every language version shares its category and cover. */
type Shared = { category_id: number; logo: string };

type VersionFields = { title: string; desc: string; content: string };

/** Green: customers read it; gold: a draft; grey: not written yet. */
export function versionStatus(version: StoryVersion | undefined): 'published' | 'draft' | 'missing' {
  if (!version) return 'missing';
  return version.published ? 'published' : 'draft';
}

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
  const [shared, setShared] = useState<Shared>({
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

function VersionPane({
  kind,
  slug,
  language,
  version,
  shared,
  defaultLanguage,
  translations,
  onSaved,
  onStory,
  onDeleted,
}: {
  kind: StoryKind;
  slug: string | undefined;
  language: Language;
  version: StoryVersion | undefined;
  shared: Shared;
  /** News: the language of the story's default version (undefined until its first save). */
  defaultLanguage: Language | undefined;
  /** How many other versions the story has (the default version goes only as the last one). */
  translations: number;
  onSaved: (version: StoryVersion) => void;
  onStory: (story: Story) => void;
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VersionFields>();
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<PreviewStory>();
  const refresh = [STORIES_KEY(kind)];
  const status = versionStatus(version);
  const sharedChanged =
    kind === 'news' &&
    version !== undefined &&
    (version.category_id !== shared.category_id || version.logo !== shared.logo);

  /** Saves the form when it holds changes (or nothing is saved yet); answers the saved version. */
  const saveIfNeeded = async (): Promise<StoryVersion> => {
    if (version && !dirty && !sharedChanged) return version;
    const fields = await form.validateFields().catch(() => {
      throw new Error(t('content.checkFields'));
    });
    const saved =
      kind === 'news'
        ? await saveStory({
            kind,
            slug,
            language,
            ...shared,
            title: fields.title,
            desc: fields.desc ?? '',
            content: fields.content,
          })
        : await saveStory({ kind, slug, language, title: fields.title, content: fields.content });
    form.setFieldsValue({ title: saved.title, desc: saved.desc ?? '', content: saved.content });
    setDirty(false);
    onSaved(saved);
    return saved;
  };

  const save = useAction(saveIfNeeded, { refresh, successKey: 'content.saved' });
  const publish = useAction(
    async (published: boolean) => {
      const saved = await saveIfNeeded();
      return publishStory(kind, { slug: saved.slug, language, published });
    },
    {
      refresh,
      successKey: 'content.publishedDone',
      onDone: onStory,
    },
  );
  const remove = useAction(() => deleteStoryVersion(kind, version?.id ?? 0), {
    refresh,
    onDone: (deleted) => {
      form.resetFields();
      setDirty(false);
      onDeleted(deleted.id);
    },
  });
  const showPreview = useAction(
    async () => {
      const saved = await saveIfNeeded();
      const answer = await previewStory(kind, saved.id);
      const category =
        'category_id' in answer
          ? await categoryNameIn(answer.language, answer.category_id).catch(() => undefined)
          : undefined;
      return { answer, category };
    },
    {
      refresh,
      successKey: 'content.previewReady',
      onDone: ({ answer, category }) =>
        setPreview({
          kind,
          language: answer.language,
          title: answer.title,
          content: answer.content,
          created_at: answer.created_at,
          desc: 'desc' in answer ? answer.desc : undefined,
          logo: 'logo' in answer ? answer.logo : undefined,
          category,
        }),
    },
  );
  const busy = save.isPending || publish.isPending || remove.isPending || showPreview.isPending;
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  return (
    <div className="version-pane" data-language={language}>
      <Flex justify="space-between" align="center" className="version-status">
        <Space>
          <Tag color={status === 'published' ? 'green' : status === 'draft' ? 'gold' : 'default'}>
            {t(`content.status.${status}`)}
          </Tag>
          {version && (
            <Typography.Text type="secondary">
              {t(version.published ? 'content.publishedAt' : 'content.savedAt', {
                time: formatDateTime(version.published_at),
              })}
            </Typography.Text>
          )}
          {dirty && <Tag color="blue">{t('content.unsaved')}</Tag>}
        </Space>
        <Space>
          <Button icon={<EyeOutlined />} onClick={() => showPreview.mutate(undefined)} disabled={busy}>
            {t('content.preview.open')}
          </Button>
          <Button
            onClick={() => save.mutate(undefined)}
            loading={save.isPending}
            disabled={busy && !save.isPending}
          >
            {t(version ? 'content.saveChanges' : 'content.saveDraft')}
          </Button>
          {version?.published ? (
            <Popconfirm title={t('content.unpublishConfirm')} onConfirm={() => publish.mutate(false)}>
              <Button danger loading={publish.isPending} disabled={busy && !publish.isPending}>
                {t('content.unpublish')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              onClick={() => publish.mutate(true)}
              loading={publish.isPending}
              disabled={busy && !publish.isPending}
            >
              {t(dirty || !version ? 'content.saveAndPublish' : 'content.publish')}
            </Button>
          )}
          {version && !version.published && (
            <Popconfirm title={t('content.deleteConfirm')} onConfirm={() => remove.mutate(undefined)}>
              <Button
                danger
                type="text"
                disabled={busy || (version.is_default === true && translations > 0)}
                title={
                  version.is_default === true && translations > 0 ? t('content.defaultRequired') : undefined
                }
              >
                {t('content.deleteDraft')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {kind === 'news' && (
        <Typography.Paragraph type="secondary" className="version-language-hint">
          {defaultLanguage === undefined
            ? t('content.defaultFirstHint', { language: LANGUAGE_NAMES[language] })
            : defaultLanguage === language
              ? t('content.defaultHint')
              : t('content.translationHint', { language: LANGUAGE_NAMES[defaultLanguage] })}
        </Typography.Paragraph>
      )}
      {sharedChanged && (
        <Alert type="info" showIcon message={t('content.sharedChanged')} className="version-alert" />
      )}
      <Form
        form={form}
        name={`version-${language}`}
        layout="vertical"
        initialValues={{
          title: version?.title ?? '',
          desc: version?.desc ?? '',
          content: version?.content ?? '',
        }}
        onValuesChange={() => setDirty(true)}
        disabled={busy}
      >
        <Form.Item
          name="title"
          label={t('content.fields.title')}
          rules={[{ required: true, whitespace: true, message: t('content.required') }]}
        >
          <Input
            maxLength={LIMITS.contentTitleLengthMax}
            showCount
            lang={LANGUAGE_TAGS[language]}
            dir={dir}
          />
        </Form.Item>
        {kind === 'news' && (
          <Form.Item name="desc" label={t('content.fields.desc')}>
            <Input.TextArea
              maxLength={LIMITS.contentSummaryLengthMax}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              lang={LANGUAGE_TAGS[language]}
              dir={dir}
            />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('content.fields.content')}
          rules={[{ required: true, message: t('content.required') }]}
        >
          <LazyEditor label={t('content.fields.content')} lang={LANGUAGE_TAGS[language]} dir={dir} />
        </Form.Item>
      </Form>
      <Modal
        open={preview !== undefined}
        onCancel={() => setPreview(undefined)}
        footer={null}
        width={470}
        style={{ top: 24 }}
        title={t('content.preview.title', { language: LANGUAGE_NAMES[language] })}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('content.preview.hint')}</Typography.Paragraph>
        {preview && <PhonePreview story={preview} label={t('content.preview.frame')} />}
      </Modal>
    </div>
  );
}

/** The editor inside a form item (value and onChange come from Form.Item). */
function LazyEditor(props: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
