import sharp from 'sharp';
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

/**
 * Re-encodes a shopper's photo: the camera's orientation applied to the pixels first, then every metadata block
 * dropped (EXIF with its GPS position and device, XMP, IPTC; sharp keeps none unless asked), at each published
 * width (never enlarged).
 */
export async function processPhoto(input: Buffer, timeoutMs: number): Promise<ProcessedPhoto> {
  try {
    const upright = sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
      .timeout({ seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
      .rotate();
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
