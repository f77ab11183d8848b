import sharp from 'sharp';
import { freshAddress } from './accounts';
import type { TestApp } from './app';

/** A small photo-like test picture (a gradient, so encoders have something to keep). */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Meridian 1', Artist: 'Jane Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '22/1 17/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '114/1 10/1 0/1',
      },
    });
  }
  if (format === 'jpeg') return image.jpeg().toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp().toBuffer();
}

/** A multipart body by hand, so tests control every byte (file name, type, extra fields). */
export function multipartBody(parts: {
  file?: { bytes: Buffer; filename: string; contentType: string };
  fields?: Record<string, string>;
}): { payload: Buffer; contentType: string } {
  const boundary = `----meridian${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.file.filename}"\r\n` +
          `Content-Type: ${parts.file.contentType}\r\n\r\n`,
      ),
      parts.file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type UploadAnswer = {
  code: number;
  msg: string;
  data: { url: string; name: string; purpose: string; mime: string; width: number; height: number } | null;
};

/** Uploads bytes as the app does (multipart `file`, optional `purpose`). */
export async function upload(
  t: TestApp,
  token: string | undefined,
  bytes: Buffer,
  options: { filename?: string; contentType?: string; purpose?: string } = {},
): Promise<UploadAnswer> {
  const body = multipartBody({
    file: {
      bytes,
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
    },
    fields: options.purpose ? { purpose: options.purpose } : {},
  });
  const headers: Record<string, string> = {
    'content-type': body.contentType,
    lang: 'en',
    'x-forwarded-for': freshAddress(),
  };
  if (token) headers.authorization = token;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/common/image_upload',
    headers,
    payload: body.payload,
  });
  return response.json() as UploadAnswer;
}

/** Fetches an image address; answers the status, the bytes and the content type. */
export async function fetchImage(t: TestApp, url: string, token?: string) {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = token;
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, bytes: response.rawPayload, type: response.headers['content-type'] };
}
