import type { SessionData } from '@meridian/contract/auth';
import { LIMITS } from '@meridian/contract/limits';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { countTable, storedFiles } from '../../../test/rows';
import { SERVER_LIMITS } from '../../limits';

const t = useTestApp();
let owner: SessionData;
let other: SessionData;
let demo: SessionData;

beforeAll(async () => {
  owner = await registerByEmail(t, freshEmail('owner'));
  other = await registerByEmail(t, freshEmail('other'));
  const answer = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
    demo_id: 'upload-test-demo-device',
  });
  demo = answer.data;
});

/** What a refusal must leave behind: no new row and no new file. */
async function expectNothingStored(action: () => Promise<void>) {
  const rows = await countTable(t, 'uploads');
  const files = await storedFiles(t);
  await action();
  expect(await countTable(t, 'uploads')).toBe(rows);
  expect(await storedFiles(t)).toEqual(files);
}

describe('POST /api/common/image_upload: acceptance by content', () => {
  it('accepts a JPEG, re-encodes it and answers a signed address the owner can open', async () => {
    const answer = await upload(t, owner.token, await makeImage('jpeg'));
    expect(answer.code).toBe(1);
    const data = answer.data!;
    expect(data).toMatchObject({ purpose: 'unassigned', mime: 'image/jpeg', width: 64, height: 48 });
    expect(data.name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(data.url).toMatch(new RegExp(`^/api/common/image/${data.name}\\?exp=\\d+&sig=[\\w-]+$`));
    const image = await fetchImage(t, data.url);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/jpeg');
    expect((await sharp(image.bytes).metadata()).format).toBe('jpeg');
  });

  it('never keeps the client file name', async () => {
    const answer = await upload(t, owner.token, await makeImage('png'), {
      filename: '../../etc/passwd.png',
      contentType: 'image/png',
    });
    expect(answer.code).toBe(1);
    expect(answer.data!.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await storedFiles(t)).not.toContain('passwd.png');
  });

  it('refuses a text file renamed .jpg, and stores nothing', async () => {
    await expectNothingStored(async () => {
      const answer = await upload(t, owner.token, Buffer.from('#!/bin/sh\necho not an image\n'), {
        filename: 'holiday.jpg',
        contentType: 'image/jpeg',
      });
      expect(answer).toEqual({ code: 0, msg: 'Only JPEG, PNG or WebP images are accepted.', data: null });
    });
  });

  it('refuses a GIF and an SVG though they are images', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectNothingStored(async () => {
      expect((await upload(t, owner.token, gif, { filename: 'a.png' })).code).toBe(0);
      expect((await upload(t, owner.token, svg, { filename: 'a.png' })).code).toBe(0);
    });
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await makeImage('jpeg', { width: 200, height: 200 });
    await expectNothingStored(async () => {
      const answer = await upload(t, owner.token, whole.subarray(0, Math.floor(whole.length / 2)));
      expect(answer.code).toBe(0);
      expect(answer.msg).toBe('This image could not be read. Please choose another photo.');
    });
  });

  it(`refuses an image over ${LIMITS.uploadBytesMax / 1024 / 1024} MB, and stores nothing`, async () => {
    const small = await makeImage('png');
    // A real PNG head followed by padding: the size limit must stop it before any decoding.
    const oversized = Buffer.concat([small, Buffer.alloc(LIMITS.uploadBytesMax + 1024, 7)]);
    await expectNothingStored(async () => {
      const answer = await upload(t, owner.token, oversized, {
        contentType: 'image/png',
        filename: 'big.png',
      });
      expect(answer).toEqual({ code: 0, msg: 'The image is too large (at most 8 MB).', data: null });
    });
  });

  it('refuses an image with more pixels than allowed (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.uploadBytesMax);
    await expectNothingStored(async () => {
      expect((await upload(t, owner.token, bomb, { contentType: 'image/png' })).code).toBe(0);
    });
  });

  it('scales a large image down to the edge limit', async () => {
    const large = await makeImage('jpeg', { width: 5000, height: 1000 });
    const answer = await upload(t, owner.token, large);
    expect(answer.data).toMatchObject({ width: SERVER_LIMITS.uploadEdgePixelsMax, height: 819 });
  });

  it('refuses a form without a file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: { authorization: owner.token, lang: 'en', 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.json()).toEqual({ code: 0, msg: 'Please choose an image to upload.', data: null });
  });
  it('refuses a multipart body cut short, and stores nothing', async () => {
    await expectNothingStored(async () => {
      const boundary = 'cut-short-boundary';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/image_upload',
        headers: {
          authorization: owner.token,
          lang: 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        code: 0,
        msg: 'This image could not be read. Please choose another photo.',
      });
    });
  });
});

describe('POST /api/common/image_upload: what re-encoding removes', () => {
  it('drops a script appended after a PNG and one hidden in a text chunk', async () => {
    const png = await makeImage('png');
    // A tEXt chunk before IEND would need a CRC; sharp writes one for us from PNG comments.
    const withComment = await sharp(png)
      .withMetadata()
      .png()
      .toBuffer()
      .then((bytes) =>
        sharp(bytes)
          .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
          .png()
          .toBuffer(),
      );
    const script = Buffer.from('<script>alert("appended")</script><?php system($_GET["c"]); ?>');
    const polyglot = Buffer.concat([withComment, script]);
    expect(polyglot.includes('<script>')).toBe(true);

    const answer = await upload(t, owner.token, polyglot, { contentType: 'image/png', filename: 'x.png' });
    expect(answer.code).toBe(1);
    const stored = await fetchImage(t, answer.data!.url);
    expect(stored.status).toBe(200);
    expect(stored.bytes.includes('<script')).toBe(false);
    expect(stored.bytes.includes('<?php')).toBe(false);
    expect(stored.bytes.includes('alert')).toBe(false);
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.exif).toBeUndefined();
    // The picture itself survives.
    expect([metadata.width, metadata.height]).toEqual([64, 48]);
  });

  it('drops the GPS position and camera details of a JPEG', async () => {
    const photo = await makeImage('jpeg', { gps: true });
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(photo.includes('Jane Owner')).toBe(true);

    const answer = await upload(t, owner.token, photo);
    const stored = await fetchImage(t, answer.data!.url);
    const after = await sharp(stored.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.bytes.includes('Jane Owner')).toBe(false);
    expect(stored.bytes.includes('TestCam')).toBe(false);
  });

  it('keeps WebP as WebP', async () => {
    const answer = await upload(t, owner.token, await makeImage('webp'), { contentType: 'image/webp' });
    expect(answer.data).toMatchObject({ mime: 'image/webp' });
    expect(answer.data!.name).toMatch(/\.webp$/);
  });
});

describe('private images: who may open them', () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(t, owner.token, await makeImage('jpeg'))).data!.url;
  });

  it('opens for the owner, with or without their token', async () => {
    expect((await fetchImage(t, url)).status).toBe(200);
    expect((await fetchImage(t, url, owner.token)).status).toBe(200);
  });

  it('refuses another signed-in user holding the address', async () => {
    const answer = await fetchImage(t, url, other.token);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.bytes.toString())).toEqual({
      code: 0,
      msg: 'This image link is not valid or has expired.',
      data: null,
    });
  });

  it('refuses a visitor without the signature, or with a changed one', async () => {
    const bare = url.split('?')[0]!;
    expect((await fetchImage(t, bare)).status).toBe(403);
    const forged = url.replace(/sig=([\w-])/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect((await fetchImage(t, forged)).status).toBe(403);
  });

  it("refuses another user's own signature moved onto this image", async () => {
    const theirs = (await upload(t, other.token, await makeImage('jpeg'))).data!;
    const ownName = url.split('?')[0]!.split('/').pop()!;
    const moved = theirs.url.replace(theirs.name, ownName);
    expect((await fetchImage(t, moved)).status).toBe(403);
    expect((await fetchImage(t, moved, other.token)).status).toBe(403);
  });

  it('refuses a stretched expiry and an expired address', async () => {
    const stretched = url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await fetchImage(t, stretched)).status).toBe(403);

    t.clock.advance((LIMITS.imageUrlTtlSeconds + 1) * 1000);
    try {
      expect((await fetchImage(t, url)).status).toBe(403);
      expect((await fetchImage(t, url, owner.token)).status).toBe(403);
    } finally {
      t.clock.advance(-(LIMITS.imageUrlTtlSeconds + 1) * 1000);
    }
  });

  it('refuses names that are not ours', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.jpg', `${'a'.repeat(32)}.gif`]) {
      expect((await fetchImage(t, `/api/common/image/${name}?exp=1&sig=x`)).status).toBe(403);
    }
  });
});

describe('POST /api/common/image_upload: roles and limits', () => {
  it('answers 999 to a visitor and stores nothing', async () => {
    const image = await makeImage('jpeg');
    await expectNothingStored(async () => {
      expect((await upload(t, undefined, image)).code).toBe(999);
      expect((await upload(t, 'not-a-token', image)).code).toBe(999);
    });
  });

  it('refuses a demo user identity photos and proofs, but lets them send chat images', async () => {
    const image = await makeImage('jpeg');
    await expectNothingStored(async () => {
      for (const purpose of [undefined, 'kyc', 'proof']) {
        const answer = await upload(t, demo.token, image, purpose ? { purpose } : {});
        expect(answer).toEqual({ code: 0, msg: 'Only a real account can do this.', data: null });
      }
    });
    expect((await upload(t, demo.token, image, { purpose: 'chat' })).data).toMatchObject({ purpose: 'chat' });
  });

  it('refuses an unknown purpose', async () => {
    const answer = await upload(t, owner.token, await makeImage('jpeg'), { purpose: 'avatar' });
    expect(answer).toEqual({ code: 0, msg: 'Unknown upload purpose.', data: null });
  });

  it(`allows ${SERVER_LIMITS.uploadsPerUserMax} uploads per user per hour, then refuses`, async () => {
    const user = await registerByEmail(t, freshEmail('busy'));
    const image = await makeImage('png', { width: 8, height: 8 });
    for (let index = 0; index < SERVER_LIMITS.uploadsPerUserMax; index += 1) {
      expect((await upload(t, user.token, image, { contentType: 'image/png' })).code).toBe(1);
    }
    await expectNothingStored(async () => {
      const refused = await upload(t, user.token, image, { contentType: 'image/png' });
      expect(refused.code).toBe(0);
      expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    });
    // Another user is not affected.
    expect((await upload(t, other.token, image, { contentType: 'image/png' })).code).toBe(1);
  });
});
