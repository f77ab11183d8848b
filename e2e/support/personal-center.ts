import type { SessionData } from '@meridian/contract/auth';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { RunningServer } from './server';

/** An answer of the API, as the browser gets it. */
export type Envelope<T> = { code: number; msg: string; data: T };

/** A call to the running server as the app makes it (form fields; GET fields in the query). */
export async function apiCall<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string | number> = {},
  token?: string,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = token;
  const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  const url = method === 'GET' ? `${server.url}${path}?${form}` : `${server.url}${path}`;
  const response = await fetch(url, { method, headers, body: method === 'POST' ? form : undefined });
  return (await response.json()) as Envelope<T>;
}

/** The newest code the outbox holds for an address and purpose. */
export async function lastCode(server: RunningServer, to: string, type: number): Promise<string> {
  const line = (await server.outbox()).filter((entry) => entry.to === to && entry.type === type).at(-1);
  if (!line) throw new Error(`no code in the outbox for ${to} (type ${type})`);
  return line.code;
}

export const PASSWORD = 'Meridian2026';

/** A real account registered by e-mail the way the sign-up page does it (code from the outbox). */
export async function registerByEmail(
  server: RunningServer,
  email: string,
  inviteCode?: string,
): Promise<SessionData> {
  const sent = await apiCall(server, 'POST', '/api/notify/send_email', { email, type: 1 });
  if (sent.code !== 1) throw new Error(`send_email: ${sent.msg}`);
  const answer = await apiCall<SessionData>(server, 'POST', '/api/user/register', {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: await lastCode(server, email, 1),
    ...(inviteCode ? { invite_code: inviteCode } : {}),
  });
  if (answer.code !== 1) throw new Error(`register: ${answer.msg}`);
  return answer.data;
}

export async function demoSession(server: RunningServer, deviceId: string): Promise<SessionData> {
  const answer = await apiCall<SessionData>(server, 'GET', '/api/user/createAccountDemoForU', {
    demo_id: deviceId,
  });
  if (answer.code !== 1) throw new Error(`demo: ${answer.msg}`);
  return answer.data;
}

/** Opens the app in English with this session stored, as after a login on this phone. */
export async function signIn(context: BrowserContext, session: SessionData, language = 'en'): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(
    ([stored, chosen]) => {
      localStorage.setItem('meridian.user', JSON.stringify({ state: stored, version: 1 }));
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: chosen }, version: 1 }));
    },
    [{ token: session.token, user: session.user }, language] as const,
  );
  return page;
}

/** A small photo-like picture, as a phone camera would give (a gradient with a card drawn on it). */
export async function idPhoto(format: 'jpeg' | 'png', hue: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${hue}"/>` +
    '<rect x="32" y="80" width="160" height="200" rx="10" fill="#ffffff" opacity="0.7"/>' +
    '<rect x="230" y="100" width="340" height="22" fill="#ffffff" opacity="0.85"/>' +
    '<rect x="230" y="150" width="260" height="18" fill="#ffffff" opacity="0.6"/></svg>';
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** RGBA pixels of a PNG screenshot, for decoding what the screen shows. */
export async function pixelsOf(
  png: Buffer,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}
