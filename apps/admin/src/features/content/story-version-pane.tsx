import { EyeOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, type Language } from '@meridian/contract/languages';
import { LIMITS } from '@meridian/contract/limits';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { LazyEditor } from './lazy-rich-text-editor';
import { PhonePreview } from './phone-preview';
import { VERSION_STATUS_COLORS, versionStatus } from './story-version';
import { type StoryVersionActionsInput, useStoryVersionActions } from './use-story-version-actions';

/** One language version of a story: its state, its buttons, its form and its preview. */
export function VersionPane({
  defaultLanguage,
  translations,
  ...input
}: StoryVersionActionsInput & {
  /** News: the language of the story's default version (undefined until its first save). */
  defaultLanguage: Language | undefined;
  /** How many other versions the story has (the default version goes only as the last one). */
  translations: number;
}) {
  const { kind, language, version } = input;
  const { t } = useTranslation();
  const status = versionStatus(version);
  const actions = useStoryVersionActions(input);
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  return (
    <div className="version-pane" data-language={language}>
      <Flex justify="space-between" align="center" className="version-status">
        <Space>
          <Tag color={VERSION_STATUS_COLORS[status]}>{t(`content.status.${status}`)}</Tag>
          {version && (
            <Typography.Text type="secondary">
              {t(version.published ? 'content.publishedAt' : 'content.savedAt', {
                time: formatDateTime(version.published_at),
              })}
            </Typography.Text>
          )}
          {actions.dirty && <Tag color="blue">{t('content.unsaved')}</Tag>}
        </Space>
        <Space>
          <Button
            icon={<EyeOutlined />}
            onClick={() => actions.showPreview.mutate(undefined)}
            disabled={actions.busy}
          >
            {t('content.preview.open')}
          </Button>
          <Button
            onClick={() => actions.save.mutate(undefined)}
            loading={actions.save.isPending}
            disabled={actions.busy && !actions.save.isPending}
          >
            {t(version ? 'content.saveChanges' : 'content.saveDraft')}
          </Button>
          {version?.published ? (
            <Popconfirm title={t('content.unpublishConfirm')} onConfirm={() => actions.publish.mutate(false)}>
              <Button
                danger
                loading={actions.publish.isPending}
                disabled={actions.busy && !actions.publish.isPending}
              >
                {t('content.unpublish')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              onClick={() => actions.publish.mutate(true)}
              loading={actions.publish.isPending}
              disabled={actions.busy && !actions.publish.isPending}
            >
              {t(actions.dirty || !version ? 'content.saveAndPublish' : 'content.publish')}
            </Button>
          )}
          {version && !version.published && (
            <Popconfirm title={t('content.deleteConfirm')} onConfirm={() => actions.remove.mutate(undefined)}>
              <Button
                danger
                type="text"
                disabled={actions.busy || (version.is_default === true && translations > 0)}
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
      {actions.sharedChanged && (
        <Alert type="info" showIcon message={t('content.sharedChanged')} className="version-alert" />
      )}
      <Form
        form={actions.form}
        name={`version-${language}`}
        layout="vertical"
        initialValues={{
          title: version?.title ?? '',
          desc: version?.desc ?? '',
          content: version?.content ?? '',
        }}
        onValuesChange={() => actions.setDirty(true)}
        disabled={actions.busy}
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
        open={actions.preview !== undefined}
        onCancel={() => actions.setPreview(undefined)}
        footer={null}
        width={470}
        style={{ top: 24 }}
        title={t('content.preview.title', { language: LANGUAGE_NAMES[language] })}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('content.preview.hint')}</Typography.Paragraph>
        {actions.preview && <PhonePreview story={actions.preview} label={t('content.preview.frame')} />}
      </Modal>
    </div>
  );
}
