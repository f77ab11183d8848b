import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  /** The language the text is written in (its `lang`, for spelling and screen readers). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  label: string;
};

/**
 * The rich-text editor of news and announcements (Tiptap on ProseMirror): paragraphs, headings,
 * bold, italic, underline, strike, lists, quotes and links: what the server's sanitizer keeps. It
 * hands its HTML to the form; the server sanitizes it again before storing it. This module is its
 * own chunk, loaded by the story editor only.
 */
export default function RichTextEditor({ value = '', onChange, lang, dir, label }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rich-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });

  // A value set from outside (the server's sanitized copy after a save) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rich-editor">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (key: string, active: boolean, run: () => void, icon: ReactNode, disabled = false) => (
    <Tooltip title={t(`content.editor.${key}`)} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={t(`content.editor.${key}`)}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className="rich-editor-toolbar" role="toolbar" aria-label={t('content.editor.toolbar')}>
      {tool('bold', state.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
      {tool('italic', state.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
      {tool('underline', state.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined />)}
      {tool('strike', state.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined />)}
      <Divider type="vertical" />
      {tool('h2', state.h2, () => chain().toggleHeading({ level: 2 }).run(), <b>H2</b>)}
      {tool('h3', state.h3, () => chain().toggleHeading({ level: 3 }).run(), <b>H3</b>)}
      {tool('bullet', state.bullet, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
      {tool('ordered', state.ordered, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
      {tool('quote', state.quote, () => chain().toggleBlockquote().run(), <b>“ ”</b>)}
      <Divider type="vertical" />
      <LinkTool editor={editor} active={state.link} />
      {tool(
        'unlink',
        false,
        () => chain().extendMarkRange('link').unsetLink().run(),
        <DisconnectOutlined />,
        !state.link,
      )}
      <Divider type="vertical" />
      {tool('undo', false, () => chain().undo().run(), <UndoOutlined />, !state.canUndo)}
      {tool('redo', false, () => chain().redo().run(), <RedoOutlined />, !state.canRedo)}
    </div>
  );
}

/** A link over the selection: https or mailto only (the server drops anything else). */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = /^(https:\/\/|mailto:)\S+$/.test(href.trim());
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <div className="rich-editor-link">
          <Input
            value={href}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={apply}
            status={href && !valid ? 'error' : undefined}
            aria-label={t('content.editor.linkAddress')}
            autoFocus
          />
          <Button type="primary" onClick={apply} disabled={!valid}>
            {t('content.editor.linkApply')}
          </Button>
        </div>
      }
    >
      <Tooltip title={t('content.editor.link')}>
        <Button
          type={active ? 'primary' : 'text'}
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('content.editor.link')}
          onMouseDown={(event) => event.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
