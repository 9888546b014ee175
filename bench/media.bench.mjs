// Media processing as a shopper's upload meets it: a 30-second 1080p phone clip (HEVC in QuickTime, made here with
// ffmpeg's test sources) and a 12-megapixel phone photo, uploaded to the built app with media processing on. Prints
// the time from the upload's answer to the review's media being ready, as a ratio to the clip's duration (goal
// ≤ 1.0× realtime on 2 cores), and the peak memory of the app process and of its ffmpeg while it worked. Then the file
// that once held a worker for its whole timeout — 20 minutes of 4K in 3.5 MB — with another store's photo queued
// right behind it: the time until the video is refused, and until the photo is ready.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadAverage, signUp, startApp } from './support.mjs';

const CLIP_SECONDS = 30;
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'vr-media-bench-'));

function phoneClip() {
  const file = join(dir, 'IMG_0001.MOV');
  const started = Date.now();
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1080x1920:rate=30:duration=${CLIP_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-b:v', '8M', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    ...['-c:a', 'aac', '-metadata', 'location=+48.8584+002.2945/', '-metadata', 'make=Apple', '-f', 'mov', file],
  ]);
  console.log(`made a ${CLIP_SECONDS} s 1080×1920 HEVC clip in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return readFileSync(file);
}

/** 20 minutes of 3840×2160 at 30 fps in 3.5 MB: a 10-second still piece repeated without re-encoding. */
function longUhdClip() {
  const piece = join(dir, 'piece.mp4');
  const file = join(dir, 'long-4k.mp4');
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
  return readFileSync(file);
}

const phonePhoto = () =>
  sharp({
    create: { width: 4032, height: 3024, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Resident memory (bytes) of `pid` and of its child processes (ffmpeg), from /proc. */
function residentMemory(pid) {
  const rss = (id) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of list ? list.split(/\s+/) : []) children += rss(child);
  }
  return { app: rss(pid), children };
}

async function upload(app, user, field, bytes, name) {
  const form = new FormData();
  form.set('merchant_id', user.merchant.store_id);
  form.set('product_id', 'bench');
  form.set('rating', '5');
  form.set(field, new Blob([bytes]), name);
  const res = await fetch(`${app.url}/api/reviews/upload/`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return (await res.json()).id;
}

/** Seconds from `started` until the review's media leave `processing`, which must end in `expected`. */
async function settled(app, user, id, started, expected) {
  for (;;) {
    const review = await (
      await fetch(`${app.url}/api/reviews/${id}/`, { headers: { authorization: `JWT ${user.access}` } })
    ).json();
    if (review.media_state !== 'processing') {
      if (review.media_state !== expected)
        throw new Error(`processing ended ${review.media_state}: ${review.media_error}`);
      return (performance.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function processOne(app, user, field, bytes, name) {
  const id = await upload(app, user, field, bytes, name);
  const started = performance.now();
  const peak = { app: 0, children: 0, total: 0 };
  for (;;) {
    const now = residentMemory(app.pid);
    peak.app = Math.max(peak.app, now.app);
    peak.children = Math.max(peak.children, now.children);
    peak.total = Math.max(peak.total, now.app + now.children);
    const review = await (
      await fetch(`${app.url}/api/reviews/${id}/`, { headers: { authorization: `JWT ${user.access}` } })
    ).json();
    if (review.media_state !== 'processing') {
      if (review.media_state !== 'ready')
        throw new Error(`processing ended ${review.media_state}: ${review.media_error}`);
      return { seconds: (performance.now() - started) / 1000, peak };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function table(header, rows) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

const clip = phoneClip();
const photo = await phonePhoto();
const long = longUhdClip();
const app = await startApp({ MEDIA_PROCESSING: 'true', REDIS_KEY_PREFIX: `vr-bench-media-${Date.now()}:` });
try {
  const user = await signUp(app, `media-${Date.now()}@example.com`);
  const idle = residentMemory(app.pid).app;
  const video = await processOne(app, user, 'video', clip, 'IMG_0001.MOV');
  const image = await processOne(app, user, 'photo', photo, 'IMG_0002.JPG');
  const mb = (bytes) => (bytes / MB).toFixed(0);
  console.log(`${cpus().length} cores; app idle RSS ${mb(idle)} MB`);
  table(
    ['media', 'input', 'ready after', 'ratio to realtime', 'peak RSS app', 'peak RSS ffmpeg', 'peak RSS both'],
    [
      [
        `video ${CLIP_SECONDS} s 1080p HEVC`,
        `${mb(clip.length)} MB`,
        `${video.seconds.toFixed(1)} s`,
        `${(video.seconds / CLIP_SECONDS).toFixed(2)}×`,
        `${mb(video.peak.app)} MB`,
        `${mb(video.peak.children)} MB`,
        `${mb(video.peak.total)} MB`,
      ],
      [
        'photo 4032×3024 JPEG',
        `${mb(photo.length)} MB`,
        `${image.seconds.toFixed(2)} s`,
        '—',
        `${mb(image.peak.app)} MB`,
        '—',
        `${mb(image.peak.total)} MB`,
      ],
    ],
  );

  const other = await signUp(app, `media-other-${Date.now()}@example.com`);
  const started = performance.now();
  const longId = await upload(app, user, 'video', long, 'long-4k.mp4');
  const photoId = await upload(app, other, 'photo', photo, 'IMG_0003.JPG');
  const [refused, behind] = await Promise.all([
    settled(app, user, longId, started, 'failed'),
    settled(app, other, photoId, started, 'ready'),
  ]);
  table(
    ['media', 'input', 'settled after (from the first upload)'],
    [
      ['video 20 min 3840×2160 H.264, refused', `${(long.length / MB).toFixed(1)} MB`, `${refused.toFixed(1)} s`],
      ["another store's photo queued behind it, ready", `${mb(photo.length)} MB`, `${behind.toFixed(1)} s`],
    ],
  );
  console.log(`load average ${loadAverage()}`);
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
