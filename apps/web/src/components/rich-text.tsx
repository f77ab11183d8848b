import './rich-text.css';

type RichTextProps = { html: string; className?: string };

/**
 * Content HTML of news and announcements. The server sanitizes it when it is written and again when
 * it is read (docs/decisions.md: no script, style, iframe, form, style attribute or event handler;
 * links open in a new tab with noopener), so it is rendered as HTML; the container's styles keep
 * whatever it holds within the column.
 */
export function RichText({ html, className }: RichTextProps) {
  return (
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on write and on read (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
