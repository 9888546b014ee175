import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ffprobe, phonePhoto, phoneVideo } from '../../../test/support/phone-media.js';
import { PHOTO_WIDTHS, processPhoto } from './photo.js';
import { MediaProcessingError } from './run-tool.js';
import { extractPoster, outputSize, probeVideo, transcodeVideo, type VideoSettings } from './video.js';

const settings: VideoSettings = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  maxHeight: 720,
  videoKbps: 2500,
  timeoutMs: 60_000,
  maxDurationS: 180,
  maxFramePx: 4096,
};

/** A small clip made with ffmpeg's test sources: `inputs` are lavfi graphs, mapped as they come. */
function clip(name: string, inputs: string[], output: string[] = []): string {
  const file = join(dir, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...inputs.flatMap((input) => ['-f', 'lavfi', '-i', input]),
    ...inputs.flatMap((_, index) => ['-map', String(index)]),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', ...output, file],
  ]);
  return file;
}
const dir = mkdtempSync(join(tmpdir(), 'media-processing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('video processing', () => {
  let input: string;
  beforeAll(() => {
    input = phoneVideo(dir);
    // The fixture is what the test claims: HEVC with a position and a device.
    const original = ffprobe(input);
    expect(original.streams.map((stream) => stream.codec_name)).toEqual(['hevc', 'aac']);
    expect(original.format.tags).toMatchObject({ location: '+48.8584+002.2945/', make: 'Apple' });
  });

  it("makes an iPhone's HEVC QuickTime an H.264/AAC MP4 at most 720p, without its position or device", async () => {
    const probed = await probeVideo(input, settings);
    expect(probed).toMatchObject({ width: 1080, height: 1920, hasAudio: true });
    expect(probed.durationMs).toBeGreaterThanOrEqual(1500);
    expect(probed.durationMs).toBeLessThan(1600);
    const output = join(dir, 'out.mp4');
    expect(await transcodeVideo(input, output, probed, settings)).toEqual({ width: 720, height: 1280 });

    const result = ffprobe(output);
    expect(result.format.format_name).toContain('mp4');
    const video = result.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    expect(result.streams.find((stream) => stream.codec_type === 'audio')?.codec_name).toBe('aac');
    const tags = JSON.stringify([result.format.tags, ...result.streams.map((stream) => stream.tags)]);
    expect(tags).not.toMatch(/48\.8584|Apple|iPhone/);
    expect(readFileSync(output).includes('48.8584')).toBe(false);
    // +faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    const bytes = readFileSync(output);
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
  });

  it('draws a poster that is not black, at the output size', async () => {
    const probed = await probeVideo(input, settings);
    const poster = join(dir, 'poster.jpg');
    await extractPoster(input, poster, probed, settings);
    const image = sharp(readFileSync(poster));
    expect(await image.metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
    const { channels } = await image.stats();
    expect(Math.max(...channels.map((channel) => channel.mean))).toBeGreaterThan(40);
  });

  it('never enlarges, and keeps both sides even', () => {
    expect(outputSize({ width: 640, height: 480 }, 720)).toEqual({ width: 640, height: 480 });
    expect(outputSize({ width: 3840, height: 2160 }, 720)).toEqual({ width: 1280, height: 720 });
    expect(outputSize({ width: 1001, height: 1999 }, 720)).toEqual({ width: 720, height: 1438 });
  });

  it('says a file it cannot decode is undecodable, and one without a picture has no video', async () => {
    const broken = join(dir, 'broken.mp4');
    writeFileSync(broken, Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom'), Buffer.alloc(4096, 7)]));
    await expect(probeVideo(broken, settings)).rejects.toMatchObject({ reason: 'undecodable' });
    const sound = join(dir, 'sound.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=0.5', '-c:a', 'aac', sound]);
    await expect(probeVideo(sound, settings)).rejects.toMatchObject({ reason: 'no_video' });
  });

  it('kills a run that outlasts its time limit', async () => {
    const probed = await probeVideo(input, settings);
    const error = await transcodeVideo(input, join(dir, 'slow.mp4'), probed, { ...settings, timeoutMs: 50 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaProcessingError);
    expect(error).toMatchObject({ reason: 'timeout' });
  });

  describe('refuses before transcoding what no review needs, with the reason the merchant reads', () => {
    it('longer than the duration limit', async () => {
      await expect(probeVideo(input, { ...settings, maxDurationS: 1 })).rejects.toMatchObject({
        reason: 'too_long',
        message: "The video lasts 2 s; a review's video may last up to 1 s.",
      });
    });

    it('a picture larger than the frame limit on its long side', async () => {
      await expect(probeVideo(input, { ...settings, maxFramePx: 1280 })).rejects.toMatchObject({
        reason: 'too_large',
        message: "The video's picture is 1080×1920; a review's video may be at most 1280 px on its long side.",
      });
    });

    it('more than one video track, but not a cover picture', async () => {
      const two = clip('two.mkv', [
        'testsrc2=size=160x120:rate=10:duration=1',
        'testsrc=size=160x120:rate=10:duration=1',
      ]);
      await expect(probeVideo(two, settings)).rejects.toMatchObject({ reason: 'several_videos' });

      const cover = join(dir, 'cover.png');
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=red:size=64x64',
        '-frames:v',
        '1',
        cover,
      ]);
      const withCover = join(dir, 'cover.mp4');
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', '-i', clip('plain.mp4', ['testsrc2=size=160x120:rate=10:duration=1']), '-i', cover],
        ...['-map', '0', '-map', '1', '-c', 'copy', '-disposition:v:1', 'attached_pic', withCover],
      ]);
      expect(ffprobe(withCover).streams.filter((stream) => stream.codec_type === 'video')).toHaveLength(2);
      await expect(probeVideo(withCover, settings)).resolves.toMatchObject({ width: 160, height: 120 });
    });

    it('more frames than its length can hold, counted in the file rather than taken from its header', async () => {
      const frantic = clip('frantic.mp4', ['testsrc2=size=64x64:rate=1000:duration=2']);
      await expect(probeVideo(frantic, settings)).rejects.toMatchObject({
        reason: 'too_many_frames',
        message: 'The file holds 2000 frames in 2 s, more than a real video can.',
      });
    });
  });

  it("bounds ffmpeg's own work by the limits, whatever the probe was told", async () => {
    const probed = await probeVideo(input, settings);
    // Past the duration limit nothing is decoded: the output stops there.
    const cut = join(dir, 'cut.mp4');
    await transcodeVideo(input, cut, probed, { ...settings, maxDurationS: 1 });
    expect(Number(ffprobe(cut).format.duration)).toBeLessThanOrEqual(1.05);
    // A picture beyond the frame limit is refused by the decoder itself.
    await expect(
      transcodeVideo(input, join(dir, 'large.mp4'), probed, { ...settings, maxFramePx: 1000 }),
    ).rejects.toMatchObject({ reason: 'undecodable' });
  });

  it('says so when ffmpeg is not installed', async () => {
    await expect(probeVideo(input, { ...settings, ffprobe: 'no-such-ffprobe' })).rejects.toMatchObject({
      reason: 'tool_missing',
    });
  });
});

describe('photo processing', () => {
  it('applies the orientation, drops EXIF, and publishes WebP at each width and a JPEG', async () => {
    const input = await phonePhoto();
    const original = await sharp(input).metadata();
    expect(original).toMatchObject({ orientation: 6, width: 1600, height: 1200 });
    expect(original.exif?.includes('Apple')).toBe(true);

    const photo = await processPhoto(input, 30_000);
    expect(photo).toMatchObject({ width: 1080, height: 1440 });
    for (const width of PHOTO_WIDTHS) {
      const meta = await sharp(photo.webp.get(width)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 1600) / 1200) });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const jpeg = await sharp(photo.jpeg).metadata();
    expect(jpeg).toMatchObject({ format: 'jpeg', width: 1080, height: 1440 });
    expect(jpeg.exif).toBeUndefined();
    expect(photo.jpeg.includes('Apple')).toBe(false);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
    const photo = await processPhoto(small, 30_000);
    expect(photo).toMatchObject({ width: 300, height: 200 });
    expect((await sharp(photo.webp.get(PHOTO_WIDTHS[0])).metadata()).width).toBe(300);
  });

  it('says a file it cannot decode is undecodable', async () => {
    await expect(processPhoto(Buffer.from('\xff\xd8\xff\xe0 not really a jpeg'), 30_000)).rejects.toMatchObject({
      reason: 'undecodable',
    });
  });
});
