/** What goes into the HTML part, in reading order; every text is plain and escaped here. */
export type EmailBlock = { kind: 'text'; text: string } | { kind: 'code'; code: string };

type EmailPage = {
  /** BCP 47 tag for `<html lang>`. */
  languageTag: string;
  rtl: boolean;
  title: string;
  brand: string;
  blocks: EmailBlock[];
  footer: string;
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute: a staff remark may hold `<` or `&`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Line breaks a person typed (a rejection reason on two lines) stay line breaks. */
function paragraph(text: string): string {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;">${body}</p>`;
}

// The code keeps its left-to-right digit order inside an Arabic page, and reads as one word.
function codeBox(code: string): string {
  return (
    '<p dir="ltr" style="margin:0 0 16px;padding:12px 16px;background:#f1f4f9;border-radius:6px;' +
    'font-family:Menlo,Consolas,monospace;font-size:30px;font-weight:700;letter-spacing:6px;' +
    `text-align:center;color:#1a2b4c;">${escapeHtml(code)}</p>`
  );
}

/**
 * A small page with inline styles only: mail clients drop `<style>` blocks and external sheets.
 * One centred column, readable on a phone, mirrored for right-to-left languages.
 */
export function emailHtml(page: EmailPage): string {
  const direction = page.rtl ? 'rtl' : 'ltr';
  const align = page.rtl ? 'right' : 'left';
  const blocks = page.blocks
    .map((block) => (block.kind === 'code' ? codeBox(block.code) : paragraph(block.text)))
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(page.languageTag)}" dir="${direction}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title></head>`,
    `<body dir="${direction}" style="margin:0;padding:0;background:#f4f5f7;">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2329;text-align:${align};">`,
    `<p style="margin:0 0 16px;font-size:18px;font-weight:700;color:#1a2b4c;">${escapeHtml(page.brand)}</p>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px;">',
    blocks,
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#8a9099;">${escapeHtml(page.footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
