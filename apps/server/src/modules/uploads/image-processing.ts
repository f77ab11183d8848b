import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { Rejection } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';

/** The formats we accept, by what the bytes say they are (never by the file's name). */
const ACCEPTED = {
  'image/jpeg': { format: 'jpeg', extension: 'jpg' },
  'image/png': { format: 'png', extension: 'png' },
  'image/webp': { format: 'webp', extension: 'webp' },
} as const;
type AcceptedMime = keyof typeof ACCEPTED;

type ProcessedImage = {
  bytes: Buffer;
  mime: AcceptedMime;
  extension: string;
  width: number;
  height: number;
};

function acceptedMime(mime: string | undefined): AcceptedMime | undefined {
  return mime !== undefined && mime in ACCEPTED ? (mime as AcceptedMime) : undefined;
}

/**
 * Checks an uploaded file by its content and re-encodes it. Decoding to pixels and encoding afresh
 * keeps nothing but the picture: EXIF (GPS, camera, owner), text chunks, ICC profiles and anything
 * appended after the image or hidden inside it are gone. The picture is first turned upright
 * (EXIF orientation), since that tag goes too, and scaled down to fit SERVER_LIMITS.uploadEdgePixelsMax.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sniffed = await fileTypeFromBuffer(input);
  const mime = acceptedMime(sniffed?.mime);
  if (!mime) throw new Rejection('error.upload_type');
  const { format, extension } = ACCEPTED[mime];
  try {
    // limitInputPixels refuses a decompression bomb before its pixels are allocated; failOn
    // 'error' refuses a truncated or corrupt file instead of storing half a picture.
    const image = sharp(input, { limitInputPixels: SERVER_LIMITS.uploadInputPixelsMax, failOn: 'error' });
    const metadata = await image.metadata();
    // file-type and libvips must agree: a file that sniffs as PNG but decodes as something else is
    // a polyglot, and we refuse it.
    if (metadata.format !== format) throw new Rejection('error.upload_type');
    const pipeline = image.rotate().resize({
      width: SERVER_LIMITS.uploadEdgePixelsMax,
      height: SERVER_LIMITS.uploadEdgePixelsMax,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, mime, extension, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Rejection) throw error;
    // libvips' own message says why (too many pixels, corrupt data); the user gets one clear refusal.
    throw new Rejection('error.upload_unreadable');
  }
}
