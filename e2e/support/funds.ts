import type { SessionData } from '@meridian/contract/auth';
import type { StaffRole } from '@meridian/contract/staff';
import { apiCall, idPhoto } from './personal-center';
import type { RunningServer } from './server';
import { enrolledStaffToken } from './staff';

/** A staff member of the back office with one role, enrolled and signed in: its session token. */
export function staffToken(server: RunningServer, role: StaffRole, name: string): Promise<string> {
  return enrolledStaffToken(server, { email: `${role}.${Date.now()}@meridian.test`, role, name });
}

/** A back-office call that must succeed; its data. */
export async function staffCall<T>(
  server: RunningServer,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string | number> = {},
): Promise<T> {
  const answer = await apiCall<T>(server, method, path, fields, token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** Uploads a photo as the customer, as the app does (multipart, with its purpose); its name. */
async function uploadPhoto(
  server: RunningServer,
  token: string,
  purpose: string,
  hue: string,
): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append(
    'file',
    new Blob([new Uint8Array(await idPhoto('png', hue))], { type: 'image/png' }),
    'photo.png',
  );
  const response = await fetch(`${server.url}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: token },
    body: form,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { name: string } };
  if (answer.code !== 1) throw new Error(`upload: ${answer.msg}`);
  return answer.data.name;
}

/**
 * The customer sends their identity (name, number, both photos) and a compliance officer approves it
 * through the back office's identity review API: what withdrawals need.
 */
export async function verifyIdentity(server: RunningServer, customer: SessionData, compliance: string) {
  const sent = await apiCall(
    server,
    'POST',
    '/api/user_real/real_name',
    {
      name: 'Ana Lima',
      card_id: 'K1234567',
      front_pic: await uploadPhoto(server, customer.token, 'kyc', '#5b7bd5'),
      reverse_pic: await uploadPhoto(server, customer.token, 'kyc', '#7d8fb3'),
    },
    customer.token,
  );
  if (sent.code !== 1) throw new Error(`real_name: ${sent.msg}`);
  const queue = await staffCall<{ list: { id: number; user: { uid: string } }[] }>(
    server,
    compliance,
    'GET',
    '/admin/api/kyc/submissions',
  );
  const submission = queue.list.find((entry) => entry.user.uid === customer.user.uid);
  if (!submission) throw new Error('the submission is not in the review queue');
  await staffCall(server, compliance, 'POST', '/admin/api/kyc/review', {
    id: submission.id,
    decision: 'approve',
  });
}

/**
 * Staff set the real receiving address of a coin channel (a fresh installation has placeholders):
 * the change is proposed, and a second admin of its own approves it.
 */
export async function setChannelAddress(
  server: RunningServer,
  finance: string,
  network: string,
  address: string,
): Promise<void> {
  const channels = await staffCall<{
    coin: { id: number; currency_code: string; protocol_code: string; address: string }[];
  }>(server, finance, 'GET', '/admin/api/funds/channels');
  const channel = channels.coin.find(
    (entry) => entry.currency_code === 'USDT' && entry.protocol_code === network,
  );
  if (!channel) throw new Error(`no USDT ${network} channel`);
  // Set already (by an earlier test on this server): the server refuses a change that changes nothing.
  if (channel.address === address) return;
  const proposed = await staffCall<{ status: string; proposal_id: number }>(
    server,
    finance,
    'POST',
    '/admin/api/funds/channels/update',
    { id: channel.id, address },
  );
  if (proposed.status !== 'proposed') return;
  const approver = await enrolledStaffToken(server, {
    email: `approver.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@meridian.test`,
    role: 'admin',
    name: 'Approving Admin',
  });
  await staffCall(server, approver, 'POST', '/admin/api/proposals/approve', { id: proposed.proposal_id });
}

/** The one record of this customer waiting for review, in the back office's list. */
export async function waitingRecord(
  server: RunningServer,
  finance: string,
  kind: 'deposits' | 'withdrawals',
  userId: number,
): Promise<{ id: number; number: string; real_number?: string; fee?: string }> {
  const page = await staffCall<{ list: { id: number; number: string }[] }>(
    server,
    finance,
    'GET',
    `/admin/api/funds/${kind}`,
    { status: 0, user_id: userId },
  );
  const record = page.list[0];
  if (page.list.length !== 1 || !record)
    throw new Error(`expected one waiting ${kind}, found ${page.list.length}`);
  return record;
}
