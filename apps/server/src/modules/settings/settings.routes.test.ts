import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import { useTestApp } from '../../../test/app-hooks';

const t = useTestApp();

describe('GET /api/default/area_list', () => {
  it('lists real calling codes with Hong Kong first and the United States second', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/default/area_list?t=1',
      headers: { lang: 'en' },
    });
    const answer = body<{ id: number; global_code: string; code: string; name: string }[]>(response);
    expect(answer.code).toBe(1);
    expect(answer.data.length).toBeGreaterThan(200);
    expect(answer.data[0]).toMatchObject({ code: 'HK', global_code: '+852', name: 'Hong Kong SAR China' });
    expect(answer.data[1]).toMatchObject({ code: 'US', global_code: '+1', name: 'United States' });
  });

  it('leaves out the countries the service is not offered to', async () => {
    const answer = body<{ code: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/default/area_list' }),
    );
    const codes = answer.data.map((row) => row.code);
    for (const restricted of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes).not.toContain(restricted);
  });

  it('names countries in the language of the lang header', async () => {
    const answer = body<{ code: string; name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/default/area_list', headers: { lang: 'de' } }),
    );
    expect(answer.data.find((row) => row.code === 'US')?.name).toBe('Vereinigte Staaten');
  });
});

describe('GET /api/basicSet/getBasicInfo', () => {
  it('answers the base settings of a fresh installation', async () => {
    const answer = body(await t.app.inject({ method: 'GET', url: '/api/basicSet/getBasicInfo' }));
    expect(answer).toMatchObject({
      code: 1,
      data: {
        service_link: '/mine/chat',
        service_link_type: 3,
        verify_reg_type: 1,
        trade_fee_type: 1,
        is_show_mobile: 1,
      },
    });
  });
});

describe('GET /api/default/setting', () => {
  it('answers is_show_mobile', async () => {
    const answer = body(
      await t.app.inject({ method: 'GET', url: '/api/default/setting?key=is_show_mobile' }),
    );
    expect(answer).toMatchObject({ code: 1, data: { key: 'is_show_mobile', value: '1' } });
  });

  it('refuses a key that is not public, in the language asked for', async () => {
    const answer = body(
      await t.app.inject({
        method: 'GET',
        url: '/api/default/setting?key=demo_balance',
        headers: { lang: 'en' },
      }),
    );
    expect(answer).toEqual({ code: 0, msg: 'This setting cannot be read.', data: null });
  });

  it('says which field is missing', async () => {
    const answer = body(
      await t.app.inject({ method: 'GET', url: '/api/default/setting', headers: { lang: 'en' } }),
    );
    expect(answer.code).toBe(0);
    expect(answer.msg).toBe('Key is required.');
  });
});

describe('server core', () => {
  it('answers /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document and the API reference', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.json().paths['/api/default/area_list']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('answers unknown API paths with a translated envelope and status 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { lang: 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, msg: 'Not found.', data: null });
  });
});
