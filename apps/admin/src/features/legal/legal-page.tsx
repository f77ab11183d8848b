import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '@meridian/contract/languages';
import { LEGAL_KINDS, type LegalKind, type StaffLegalVersion } from '@meridian/contract/legal';
import { LIMITS } from '@meridian/contract/limits';
import { Button, Card, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { ListTable } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { LEGAL_KEY, publishLegal, useLegalVersions } from './legal-api';
import { type LanguageTexts, textsOf } from './legal-texts';

/**
 * Terms and risk warning (/legal): each document's versions, and publishing a new
 * one in up to 15 languages (the default language's text required). Versions are never edited:
 * customers accepted them.
 */
export function LegalPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.legal')}>
      <Typography.Paragraph type="secondary">{t('legal.hint')}</Typography.Paragraph>
      <Tabs
        items={LEGAL_KINDS.map((kind) => ({
          key: kind,
          label: t(`legal.kinds.${kind}`),
          children: <LegalVersions kind={kind} />,
        }))}
      />
    </Page>
  );
}

function LegalVersions({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const versions = useLegalVersions(kind);
  const [publishing, setPublishing] = useState(false);
  const [reading, setReading] = useState<StaffLegalVersion>();
  return (
    <Card
      title={t(`legal.kinds.${kind}`)}
      extra={
        <Button type="primary" onClick={() => setPublishing(true)} className={`legal-publish-${kind}`}>
          {t('legal.publishNew')}
        </Button>
      }
    >
      <ListTable<StaffLegalVersion>
        rowKey="version"
        query={versions}
        rows={versions.data?.list}
        csvName={`legal-${kind}`}
        pagination={false}
        className="legal-versions"
        columns={[
          { title: t('legal.version'), dataIndex: 'version', width: 90 },
          {
            title: t('legal.titleColumn'),
            key: 'title',
            render: (_, version) =>
              (version.texts[DEFAULT_LANGUAGE] ?? Object.values(version.texts)[0])?.title,
          },
          {
            title: t('legal.publishedAt'),
            dataIndex: 'published_at',
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('legal.publishedBy'),
            dataIndex: 'published_by',
            render: (value: string) => value || t('legal.installation'),
          },
          {
            title: t('legal.languages'),
            key: 'languages',
            render: (_, version) => Object.keys(version.texts).length,
          },
          { title: t('legal.accepted'), dataIndex: 'accepted_count', width: 110 },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 100,
            render: (_, version) => (
              <Button size="small" onClick={() => setReading(version)}>
                {t('legal.read')}
              </Button>
            ),
          },
        ]}
      />
      {publishing && (
        <PublishModal kind={kind} latest={versions.data?.list[0]} onClose={() => setPublishing(false)} />
      )}
      {reading && <ReadModal version={reading} onClose={() => setReading(undefined)} />}
    </Card>
  );
}

function ReadModal({ version, onClose }: { version: StaffLegalVersion; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('legal.versionTitle', { version: version.version })}
      onCancel={onClose}
      footer={null}
      width={720}
    >
      <Tabs
        items={Object.entries(version.texts).map(([language, text]) => ({
          key: language,
          label: LANGUAGE_NAMES[language as Language] ?? language,
          children: (
            <div dir="auto">
              <Typography.Title level={5}>{text.title}</Typography.Title>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text.content}</Typography.Paragraph>
            </div>
          ),
        }))}
      />
    </Modal>
  );
}

function PublishModal({
  kind,
  latest,
  onClose,
}: {
  kind: LegalKind;
  latest: StaffLegalVersion | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LanguageTexts>();
  const publish = useAction(publishLegal, {
    refresh: [LEGAL_KEY(kind)],
    successKey: 'legal.published',
    onDone: onClose,
  });
  return (
    <Modal
      open
      title={t('legal.publishTitle', { kind: t(`legal.kinds.${kind}`) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('legal.publish')}
      cancelText={t('common.cancel')}
      confirmLoading={publish.isPending}
      width={860}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('legal.publishHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        // A new version starts from the latest one's texts: staff change what changed.
        initialValues={latest?.texts ?? {}}
        onFinish={(values) => publish.mutate({ kind, texts: textsOf(values) })}
      >
        <Tabs
          className="legal-languages"
          items={LANGUAGES.map((language) => ({
            key: language,
            forceRender: true,
            label: (
              <Space size={4}>
                {LANGUAGE_NAMES[language]}
                {language === DEFAULT_LANGUAGE && <Tag color="blue">{t('legal.default')}</Tag>}
              </Space>
            ),
            children: <LanguageFields language={language} />,
          }))}
        />
      </Form>
    </Modal>
  );
}

function LanguageFields({ language }: { language: Language }) {
  const { t } = useTranslation();
  const required = language === DEFAULT_LANGUAGE;
  const rule = { required, whitespace: true, message: t('legal.defaultRequired') };
  return (
    <div dir="auto">
      <Form.Item name={[language, 'title']} label={t('legal.titleColumn')} rules={[rule]}>
        <Input maxLength={LIMITS.contentTitleLengthMax} data-testid={`legal-title-${language}`} />
      </Form.Item>
      <Form.Item name={[language, 'content']} label={t('legal.content')} rules={[rule]}>
        <Input.TextArea
          autoSize={{ minRows: 8, maxRows: 20 }}
          maxLength={LIMITS.legalTextLengthMax}
          data-testid={`legal-content-${language}`}
        />
      </Form.Item>
    </div>
  );
}
