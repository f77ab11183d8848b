import { LANGUAGE_TAGS, type Language } from '@meridian/contract/languages';

/**
 * The customer app's article page, drawn in a phone-width frame: the same colours, type sizes and
 * spacing as apps/web's news-article.css and rich-text.css (copied here: the back office must not
 * load the customer app's bundle). The HTML is the server's answer to the preview call, exactly
 * what the customer app receives; the frame is sandboxed without scripts all the same (same-origin
 * is allowed only so that the server's images load: with no script, nothing can use it).
 */
const CUSTOMER_STYLES = `
:root { --brand:#1a4fd6; --brand-soft:#eaf0fd; --surface:#fff; --page-bg:#f3f5f9; --text:#111827;
  --text-secondary:#5b6475; --text-weak:#8a93a3; --line:#e5e8ee; --radius:12px; --gutter:16px; }
* { box-sizing: border-box; }
html, body { margin:0; background:var(--surface); color:var(--text);
  font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","PingFang HK","Noto Sans CJK TC","Microsoft JhengHei","Hiragino Sans","Noto Sans Thai","Noto Sans Arabic",sans-serif;
  -webkit-font-smoothing:antialiased; }
.nav { position:sticky; top:0; display:grid; grid-template-columns:48px 1fr 48px; align-items:center;
  height:48px; background:var(--surface); border-bottom:1px solid var(--line); font-size:17px; font-weight:600; }
.nav-back { font-size:24px; font-weight:400; text-align:center; color:var(--text); }
[dir="rtl"] .nav-back { transform:scaleX(-1); }
.nav-title { text-align:center; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
.news-article { padding:20px var(--gutter) 40px; }
.news-article-category { display:inline-block; margin-bottom:10px; padding:2px 10px; border-radius:999px;
  background:var(--brand-soft); color:var(--brand); font-size:12px; font-weight:600; }
.news-article-title { margin:0; font-size:23px; font-weight:700; line-height:1.3; }
.news-article-meta { display:flex; align-items:center; gap:8px; margin-top:12px; color:var(--text-weak); font-size:13px; }
.news-article-meta img { width:28px; height:28px; border-radius:8px; object-fit:cover; }
.news-article-lead { margin:20px 0 0; padding-inline-start:12px; border-inline-start:3px solid var(--brand);
  color:var(--text-secondary); font-size:16px; font-weight:500; line-height:1.55; }
.news-article-content { margin-top:20px; }
.notices { background:var(--page-bg); min-height:100vh; padding:12px; }
.notice { background:var(--surface); border-radius:var(--radius); padding:12px 16px 16px; }
.notice-title { font-size:16px; font-weight:600; line-height:1.4; }
.notice-date { display:block; margin:4px 0 12px; color:var(--text-weak); font-size:12px; }
.rich-text { color:var(--text); font-size:16px; line-height:1.7; overflow-wrap:break-word; }
.rich-text > :first-child { margin-top:0; } .rich-text > :last-child { margin-bottom:0; }
.rich-text p, .rich-text ul, .rich-text ol, .rich-text blockquote, .rich-text table { margin:0 0 1em; }
.rich-text h1, .rich-text h2, .rich-text h3, .rich-text h4 { margin:1.4em 0 .5em; font-size:18px; line-height:1.35; }
.rich-text ul, .rich-text ol { padding-inline-start:1.4em; }
.rich-text li + li { margin-top:.35em; }
.rich-text a { color:var(--brand); text-decoration:underline; text-underline-offset:2px; }
.rich-text img { display:block; max-width:100%; height:auto; border-radius:8px; }
.rich-text blockquote { padding-inline-start:12px; border-inline-start:3px solid var(--line); color:var(--text-secondary); }
.rich-text table { display:block; max-width:100%; overflow-x:auto; border-collapse:collapse; font-size:14px; }
.rich-text th, .rich-text td { padding:6px 10px; border:1px solid var(--line); text-align:start; }
.rich-text em { color:var(--text-secondary); }
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** The customer app's title bar over these pages, in each language (apps/web's nav strings). */
const NAV_TITLES: Record<Language, { news: string; announcements: string }> = {
  hk: { news: '新聞詳情', announcements: '公告' },
  en: { news: 'News detail', announcements: 'Announcements' },
  jp: { news: 'ニュース詳細', announcements: 'お知らせ' },
  kr: { news: '뉴스 상세', announcements: '공지사항' },
  th: { news: 'รายละเอียดข่าว', announcements: 'ประกาศ' },
  vn: { news: 'Chi tiết tin tức', announcements: 'Thông báo' },
  fr: { news: 'Détail de l’actualité', announcements: 'Annonces' },
  de: { news: 'Nachricht', announcements: 'Mitteilungen' },
  ru: { news: 'Новость', announcements: 'Объявления' },
  spa: { news: 'Detalle de la noticia', announcements: 'Anuncios' },
  pt: { news: 'Detalhe da notícia', announcements: 'Avisos' },
  ar: { news: 'تفاصيل الخبر', announcements: 'الإعلانات' },
  it: { news: 'Dettaglio notizia', announcements: 'Avvisi' },
  tr: { news: 'Haber ayrıntısı', announcements: 'Duyurular' },
  id: { news: 'Detail berita', announcements: 'Pengumuman' },
};

/**
 * The news category's name as a reader of that language sees it: the customer app's own public
 * call, asked in the story's language.
 */
export async function categoryNameIn(language: string, categoryId: number): Promise<string | undefined> {
  const response = await fetch('/api/news/category_list', { headers: { lang: language } });
  const answer = (await response.json()) as { code: number; data: { id: number; name: string }[] | null };
  return answer.data?.find((category) => category.id === categoryId)?.name;
}

export type PreviewStory = {
  kind: 'news' | 'announcements';
  language: string;
  title: string;
  /** Sanitized HTML, as the server answered it. */
  content: string;
  created_at: string;
  desc?: string;
  logo?: string;
  category?: string;
};

function documentOf(story: PreviewStory): string {
  const tag = LANGUAGE_TAGS[story.language as Language] ?? 'en';
  const dir = story.language === 'ar' ? 'rtl' : 'ltr';
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(story.created_at),
  );
  const body =
    story.kind === 'news'
      ? `<article class="news-article">
  <header>
    ${story.category ? `<span class="news-article-category">${escapeHtml(story.category)}</span>` : ''}
    <h1 class="news-article-title">${escapeHtml(story.title)}</h1>
    <div class="news-article-meta">${story.logo ? `<img src="${escapeHtml(story.logo)}" alt="">` : ''}<time>${escapeHtml(date)}</time></div>
  </header>
  ${story.desc ? `<p class="news-article-lead">${escapeHtml(story.desc)}</p>` : ''}
  <div class="rich-text news-article-content">${story.content}</div>
</article>`
      : `<div class="notices"><section class="notice">
  <div class="notice-title">${escapeHtml(story.title)}</div><time class="notice-date">${escapeHtml(date)}</time>
  <div class="rich-text">${story.content}</div>
</section></div>`;
  return `<!doctype html><html lang="${tag}" dir="${dir}"><head><meta charset="utf-8">
<base href="${escapeHtml(window.location.origin)}/"><meta name="viewport" content="width=device-width">
<style>${CUSTOMER_STYLES}</style></head><body>
<div class="nav"><span class="nav-back" aria-hidden="true">‹</span><span class="nav-title">${escapeHtml((NAV_TITLES[story.language as Language] ?? NAV_TITLES.en)[story.kind])}</span><span></span></div>
${body}</body></html>`;
}

/** A phone (390 px wide, as an iPhone 14) showing the story as the customer app lays it out. */
export function PhonePreview({ story, label }: { story: PreviewStory; label: string }) {
  return (
    <div className="phone-frame">
      <iframe
        className="phone-screen"
        title={label}
        // No scripts run in it; same-origin only so that our own images (cover, artwork) load.
        sandbox="allow-same-origin"
        srcDoc={documentOf(story)}
      />
    </div>
  );
}
