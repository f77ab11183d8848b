import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// Tiptap and ProseMirror are loaded with the first story opened, not with the back office.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The editor inside a form item (value and onChange come from Form.Item). */
export function LazyEditor(props: {
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
