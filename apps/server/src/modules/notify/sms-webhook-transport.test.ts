import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OutgoingMessage, PermanentDeliveryError } from './delivery';
import {
  createSmsWebhookTransport,
  smsWebhookSignature,
  verifySmsWebhookSignature,
} from './sms-webhook-transport';
import { CODE_VALIDITY_MINUTES } from './templates/message-texts';

const SECRET = 'a-shared-secret-of-the-bridge';

/** What the test's provider answers next: a status, or no answer at all (`hang`). */
let answer: number | 'hang' = 200;
const requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];
let server: Server;
let url: string;

const CODE: OutgoingMessage = {
  id: '501',
  channel: 'sms',
  to: '+85291234567',
  language: 'en',
  kind: 'code',
  purpose: 2,
  code: '482913',
  at: '2026-11-24T10:00:00.000Z',
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: answer < 300, error: answer < 300 ? undefined : 'refused here' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms?source=meridian`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  answer = 200;
  requests.length = 0;
});

async function failure(promise: Promise<void>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the SMS webhook transport', () => {
  it('posts the message as signed JSON that the helper verifies', async () => {
    const transport = createSmsWebhookTransport({ url, secret: SECRET });
    expect(transport.name).toBe('sms-webhook');
    await transport.deliver(CODE);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/sms?source=meridian');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-meridian-id']).toBe('501');
    const timestamp = String(request?.headers['x-meridian-timestamp']);
    expect(timestamp).toMatch(/^\d{10}$/);
    const signature = request?.headers['x-meridian-signature'];
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySmsWebhookSignature(SECRET, timestamp, request?.body ?? '', String(signature))).toBe(true);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      id: '501',
      to: '+85291234567',
      language: 'en',
      text: `482913 is your Meridian password reset code, valid for ${CODE_VALIDITY_MINUTES} minutes. Not you? Ignore this message.`,
      kind: 'code',
      purpose: 2,
      at: '2026-11-24T10:00:00.000Z',
    });
  });

  it('sends a notice with its type, in the language of the recipient', async () => {
    const transport = createSmsWebhookTransport({ url, secret: SECRET });
    await transport.deliver({
      id: '502',
      channel: 'sms',
      to: '+4915112345678',
      language: 'de',
      kind: 'notice',
      type: 'kyc.verified',
      key: 'notice.identity_verified',
      params: {},
      at: '2026-11-24T10:00:00.000Z',
    });
    const body = JSON.parse(requests[0]?.body ?? '');
    expect(body).toMatchObject({ id: '502', kind: 'notice', type: 'kyc.verified', language: 'de' });
    expect(body.purpose).toBeUndefined();
    expect(body.text).toMatch(/^Meridian: Ihre Identität wurde/);
  });

  it('refuses a signature under another secret, another body, another timestamp or none', () => {
    const body = '{"id":"1"}';
    const good = smsWebhookSignature(SECRET, '1700000000', body);
    expect(verifySmsWebhookSignature(SECRET, '1700000000', body, good)).toBe(true);
    expect(verifySmsWebhookSignature('another-secret', '1700000000', body, good)).toBe(false);
    expect(verifySmsWebhookSignature(SECRET, '1700000000', '{"id":"2"}', good)).toBe(false);
    expect(verifySmsWebhookSignature(SECRET, '1700000001', body, good)).toBe(false);
    expect(verifySmsWebhookSignature(SECRET, '1700000000', body, good.slice(0, -1))).toBe(false);
    expect(verifySmsWebhookSignature(SECRET, '1700000000', body, undefined)).toBe(false);
  });

  it('fails with an error to retry on a 5xx, a 408 and a 429', async () => {
    const transport = createSmsWebhookTransport({ url, secret: SECRET });
    for (const status of [500, 503, 408, 429]) {
      answer = status;
      const error = await failure(transport.deliver(CODE));
      expect(error, String(status)).toBeInstanceOf(Error);
      expect(error, String(status)).not.toBeInstanceOf(PermanentDeliveryError);
      expect(String(error)).toContain(String(status));
    }
  });

  it('fails for good on another 4xx', async () => {
    const transport = createSmsWebhookTransport({ url, secret: SECRET });
    for (const status of [400, 401, 422]) {
      answer = status;
      const error = await failure(transport.deliver(CODE));
      expect(error, String(status)).toBeInstanceOf(PermanentDeliveryError);
      expect(String(error)).toContain('refused here');
    }
  });

  it('fails with an error to retry when the provider does not answer in time', async () => {
    answer = 'hang';
    const transport = createSmsWebhookTransport({ url, secret: SECRET, timeoutMs: 200 });
    const error = await failure(transport.deliver(CODE));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentDeliveryError);
    expect(requests).toHaveLength(1);
  });

  it('fails with an error to retry when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const transport = createSmsWebhookTransport({ url: `http://127.0.0.1:${port}/`, secret: SECRET });
    const error = await failure(transport.deliver(CODE));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('refuses a URL that is not http(s) and an empty secret at start', () => {
    expect(() => createSmsWebhookTransport({ url: 'ftp://example.com/', secret: SECRET })).toThrow(/http/);
    expect(() => createSmsWebhookTransport({ url, secret: '' })).toThrow(/SECRET/);
  });
});
