import type { Language } from '@meridian/contract/languages';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
} from './content-api';
import { categoryNameIn, type PreviewStory } from './phone-preview';
import type { SharedFields, VersionFields } from './story-version';

export type StoryVersionActionsInput = {
  kind: StoryKind;
  slug: string | undefined;
  language: Language;
  version: StoryVersion | undefined;
  shared: SharedFields;
  onSaved: (version: StoryVersion) => void;
  onStory: (story: Story) => void;
  onDeleted: (id: number) => void;
};

/**
 * A language version's form and its actions: publishing and the preview save the form first when
 * it holds changes, so neither acts on an older text than the one shown.
 */
export function useStoryVersionActions({
  kind,
  slug,
  language,
  version,
  shared,
  onSaved,
  onStory,
  onDeleted,
}: StoryVersionActionsInput) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VersionFields>();
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<PreviewStory>();
  const refresh = [STORIES_KEY(kind)];
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
  return {
    form,
    dirty,
    setDirty,
    preview,
    setPreview,
    sharedChanged,
    save,
    publish,
    remove,
    showPreview,
    busy,
  };
}
