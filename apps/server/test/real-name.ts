import { call } from './accounts';
import type { TestApp } from './app';
import { makeImage, upload } from './images';

/** The customer sends a legal name and ID number with two photos of their own (front JPEG, back PNG). */
export async function sendRealName(t: TestApp, token: string, identity: { name: string; card_id: string }) {
  const front = await upload(t, token, await makeImage('jpeg'), { purpose: 'kyc' });
  const back = await upload(t, token, await makeImage('png'), { purpose: 'kyc', contentType: 'image/png' });
  return call(
    t,
    'POST',
    '/api/user_real/real_name',
    { ...identity, front_pic: front.data?.name, reverse_pic: back.data?.name },
    { token },
  );
}
