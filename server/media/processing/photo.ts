import sharp, { type Sharp } from 'sharp';
import { MediaProcessingError } from './run-tool.js';

/** The widths a photo is published at (`srcset`); the largest is also the one without a width suffix. */
export const PHOTO_WIDTHS = [480, 1080] as const;

export interface ProcessedPhoto {
  /** By width: WebP for every browser the widget supports. */
  webp: Map<number, Buffer>;
  /** The largest size as JPEG, for mail clients and crawlers that do not read WebP. */
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The longest side of a profile photo: a dashboard avatar is 96 CSS px at most, so 512 covers any screen. */
export const PROFILE_PHOTO_SIZE = 512;

/**
 * A picture as anything here publishes it: decoded strictly, the camera's orientation applied to the pixels, and every
 * metadata block dropped (EXIF with its GPS position and device, XMP, IPTC; sharp keeps none unless asked).
 */
function uprightImage(input: Buffer, timeoutMs: number): Sharp {
  return sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
    .timeout({ seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
    .rotate();
}

/** Re-encodes a shopper's photo, upright and without metadata, at each published width (never enlarged). */
export async function processPhoto(input: Buffer, timeoutMs: number): Promise<ProcessedPhoto> {
  try {
    const upright = uprightImage(input, timeoutMs);
    const sized = (width: number) => upright.clone().resize({ width, withoutEnlargement: true });
    const webp = new Map<number, Buffer>();
    for (const width of PHOTO_WIDTHS) webp.set(width, await sized(width).webp({ quality: 80 }).toBuffer());
    const { data: jpeg, info } = await sized(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1])
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { webp, jpeg, width: info.width, height: info.height };
  } catch (error) {
    throw new MediaProcessingError('undecodable', 'The photo could not be decoded.', String(error));
  }
}

/** Re-encodes a dashboard user's photo like a review's: upright, without metadata, WebP of at most PROFILE_PHOTO_SIZE. */
export async function processProfilePhoto(input: Buffer, timeoutMs: number): Promise<Buffer> {
  try {
    return await uprightImage(input, timeoutMs)
      .resize({ width: PROFILE_PHOTO_SIZE, height: PROFILE_PHOTO_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new MediaProcessingError('undecodable', 'The photo could not be decoded.', String(error));
  }
}
