import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { jobs } from '../../server/database/schema.js';
import { Prerequisites } from '../../server/health/prerequisites.service.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import type { TMediaStatus, TReview } from '../../shared/reviews.js';
import { PUBLIC_URL, joinAsMember, registerOwner, type Agent, type RegisteredOwner } from '../support/accounts.js';
import { phonePhoto, phoneVideo } from '../support/phone-media.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// A machine set up by the README's `npm ci && npm start` without ffmpeg: FFMPEG_PATH and FFPROBE_PATH name files that
// are not there yet (an empty directory), and the test installs them later by linking the real tools there.

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: RegisteredOwner;
let member: Agent;
const dir = mkdtempSync(join(tmpdir(), 'no-ffmpeg-'));
const bin = mkdtempSync(join(tmpdir(), 'no-ffmpeg-bin-'));

beforeAll(async () => {
  t = await startTestApp({
    env: {
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      MEDIA_PROCESSING: 'true',
      FFMPEG_PATH: join(bin, 'ffmpeg'),
      FFPROBE_PATH: join(bin, 'ffprobe'),
    },
  });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
  member = await joinAsMember(t, owner.agent);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
});

let address = 0;
async function upload(field: 'video' | 'photo', file: Buffer, name: string): Promise<string> {
  address += 1;
  const res = await http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `198.51.100.${address}`)
    .field('merchant_id', owner.storeId)
    .field('product_id', 'shirt')
    .field('customer_name', 'Marta')
    .field('rating', '5')
    .attach(field, file, name)
    .expect(201);
  return (res.body as { id: string }).id;
}

const review = async (id: string) => (await owner.agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;
const mediaStatus = async () => (await owner.agent.get('/api/reviews/media_status/').expect(200)).body as TMediaStatus;
const WAITING = 'Waiting for ffmpeg on the server: the video is prepared as soon as it is installed.';

describe('video reviews on a machine without ffmpeg', () => {
  let video: string;
  let photo: string;

  it('tells the store owners what is missing and how to install it; members are not asked', async () => {
    expect(await mediaStatus()).toEqual({
      processing: true,
      missing: ['ffmpeg', 'ffprobe'],
      install: 'apt-get install ffmpeg',
      waiting_videos: 0,
    });
    const refused = await member.get('/api/reviews/media_status/').expect(403);
    expect(refused.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });

  it('keep waiting, saying why, without spending their attempts; photos are processed meanwhile', async () => {
    video = await upload('video', readFileSync(phoneVideo(dir)), 'IMG_0001.MOV');
    photo = await upload('photo', await phonePhoto(), 'IMG_0002.JPG');
    await t.app.get(JobQueue).settled();

    expect(await review(video)).toMatchObject({ media_state: 'processing', media_error: WAITING });
    expect(await review(photo)).toMatchObject({ media_state: 'ready', media_error: null });
    // Each job ran once and is done: none waits for a retry, none failed.
    const rows = await databaseOf(t).select().from(jobs).where(eq(jobs.queue, 'review-media'));
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    expect(await mediaStatus()).toMatchObject({ missing: ['ffmpeg', 'ffprobe'], waiting_videos: 1 });
    // Off the storefront, even approved: its file is the untouched upload.
    await owner.agent.post(`/api/reviews/${video}/approve/`).expect(200);
    const shown = await http.get(`/api/reviews/public/?product_id=shirt&merchant_id=${owner.storeId}`).expect(200);
    expect((shown.body as { results: Array<{ id: string }> }).results.map((r) => r.id)).not.toContain(video);
  });

  it('are prepared once ffmpeg is installed and the machine checked again (each minute)', async () => {
    for (const tool of ['ffmpeg', 'ffprobe']) {
      symlinkSync(execFileSync('which', [tool], { encoding: 'utf8' }).trim(), join(bin, tool));
    }
    await t.app.get(Prerequisites).check();
    await t.app.get(JobQueue).settled();

    expect(await review(video)).toMatchObject({ media_state: 'ready', media_error: null });
    expect((await review(video)).video_url).toMatch(/-video\.mp4\?/);
    expect(await mediaStatus()).toEqual({ processing: true, missing: [], install: null, waiting_videos: 0 });
    const ready = await http.get('/api/ready').expect(200);
    expect(ready.body.checks).toMatchObject({ ffmpeg: { status: 'ok' }, ffprobe: { status: 'ok' } });
  });
});
