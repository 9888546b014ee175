import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';

// What phones send: made here with ffmpeg's test sources and sharp, so the tests need no binary fixtures.

export const PHONE_GPS = '+48.8584+002.2945/';

/** An iPhone-style clip: HEVC in QuickTime, portrait 1080×1920, 1.5 s with sound, its position and make in the metadata. */
export function phoneVideo(dir: string, name = 'IMG_0001.MOV'): string {
  const file = join(dir, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=15:duration=1.5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac'],
    ...['-metadata', `location=${PHONE_GPS}`, '-metadata', 'make=Apple', '-metadata', 'model=iPhone 15'],
    ...['-f', 'mov', file],
  ]);
  return file;
}

/**
 * A file no review needs that looks harmless: 20 minutes of 3840×2160 at 30 fps in 3.5 MB (a still picture, so each
 * frame after the first of every 10 s costs a few bytes). Transcoding it whole takes longer than processing's timeout
 * on a small machine. Made from one 10-second piece, repeated without re-encoding, in a few seconds.
 */
export function longUhdVideo(dir: string, name = 'long-4k.mp4'): string {
  const piece = join(dir, `piece-${name}`);
  const file = join(dir, name);
  execFileSync('ffmpeg', [
    ...[
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=0x336699:size=3840x2160:rate=30:duration=10',
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '300', '-f', 'mp4', piece],
  ]);
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-stream_loop', '119', '-i', piece, '-c', 'copy', file]);
  return file;
}

/** A phone's JPEG: stored sideways with orientation 6 (turn 90° to show), its position and device in EXIF. */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export interface Probed {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; tags?: Record<string, string> }[];
  format: { format_name: string; duration: string; tags?: Record<string, string> };
}

export function ffprobe(file: string): Probed {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as Probed;
}

/** Whether EXIF (as sharp's metadata gives it, `Exif\0\0` first) holds a GPS block with entries: a position. */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) {
    const entry = ifd0 + 2 + i * 12;
    // GPSInfo: the offset of the GPS block.
    if (u16(entry) === 0x8825) return u16(u32(entry + 8)) > 0;
  }
  return false;
}
