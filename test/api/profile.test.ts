import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { hasGps, phonePhoto } from '../support/phone-media.js';
import { parseMessage } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { UPGRADE_PROMPT_HIDE_DAYS } from '../../shared/constants.js';
import { PASSWORD, PUBLIC_URL, joinAsMember, registerOwner } from '../support/accounts.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

/** A real 1×1 PNG (photos are decoded and re-encoded, so they must be whole images). */
let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#48c8' } })
    .png()
    .toBuffer();
});

describe('profile', () => {
  it('reads and edits names and phone at once; a new email waits for its confirmation (email-change.test.ts)', async () => {
    const { agent, user } = await registerOwner(t);
    const res = await agent
      .patch('/api/auth/users/me/')
      .send({ first_name: ' Bia ', last_name: 'Lima', phone: '123', email: ` ${user.email.toUpperCase()} ` })
      .expect(200);
    expect(res.body).toMatchObject({ first_name: 'Bia', last_name: 'Lima', phone: '123', email: user.email });
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.last_name).toBe('Lima');
    const moved = await agent
      .patch('/api/auth/users/me/')
      .send({ email: ' Bia.Lima@Example.com ', current_password: PASSWORD })
      .expect(200);
    expect(moved.body.email).toBe(user.email);
    expect((await agent.get('/api/auth/users/email-change/').expect(200)).body.pending.new_email).toBe(
      'bia.lima@example.com',
    );
    const bad = await agent.patch('/api/auth/users/me/').send({ first_name: '', email: 'x' }).expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'first_name']);
    await agent.patch('/api/auth/users/me/').send({ is_staff: true }).expect(400);
  });

  it('hides the upgrade card for this user for 7 days on the server, and shows it again on request', async () => {
    const { agent } = await registerOwner(t);
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.upgrade_prompt_hidden_until).toBeNull();
    const before = Date.now();
    const hidden = await agent.patch('/api/auth/users/me/').send({ hide_upgrade_prompt: true }).expect(200);
    const until = Date.parse(hidden.body.upgrade_prompt_hidden_until);
    const week = UPGRADE_PROMPT_HIDE_DAYS * 24 * 60 * 60 * 1000;
    expect(until).toBeGreaterThanOrEqual(before + week - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + week + 1000);
    // Remembered by the server, so any browser of this user sees it hidden.
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.upgrade_prompt_hidden_until).toBe(
      hidden.body.upgrade_prompt_hidden_until,
    );
    // Per user: a member of the same store hiding it changes nothing for the owner, and the other way round.
    const member = await joinAsMember(t, agent);
    const memberHidden = await member.patch('/api/auth/users/me/').send({ hide_upgrade_prompt: true }).expect(200);
    expect(memberHidden.body.upgrade_prompt_hidden_until).not.toBeNull();
    const shown = await agent.patch('/api/auth/users/me/').send({ hide_upgrade_prompt: false }).expect(200);
    expect(shown.body.upgrade_prompt_hidden_until).toBeNull();
    expect((await member.get('/api/auth/users/me/').expect(200)).body.upgrade_prompt_hidden_until).toBe(
      memberHidden.body.upgrade_prompt_hidden_until,
    );
    // The time is the server's to set: a date or anything but a boolean is refused.
    for (const wrong of ['2099-01-01T00:00:00Z', 'yes', 1, null]) {
      const bad = await agent.patch('/api/auth/users/me/').send({ hide_upgrade_prompt: wrong }).expect(400);
      expect(bad.body.fields.hide_upgrade_prompt).toEqual(['Send true or false.']);
    }
    await agent.patch('/api/auth/users/me/').send({ upgrade_prompt_hidden_until: '2099-01-01T00:00:00Z' }).expect(400);
  });

  it('uploads a photo checked by its bytes, serves it re-encoded, and replaces the old one', async () => {
    const { agent } = await registerOwner(t);
    const res = await agent.post('/api/auth/users/update-photo/').attach('profile_photo', PNG, 'me.txt').expect(200);
    expect(res.body.profile_photo).toMatch(/^\/media\/profile-photos\/[\w-]+\.webp$/);
    const served = await http.get(res.body.profile_photo).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });

    const second = await agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', PNG, 'again.png')
      .expect(200);
    expect(second.body.profile_photo).not.toBe(res.body.profile_photo);
    await http.get(res.body.profile_photo).expect(404);
  });

  it("serves a phone's photo upright, without its EXIF: no GPS position, no device", async () => {
    const { agent } = await registerOwner(t);
    // Stored sideways (1600×1200, orientation 6), with the phone's make and position.
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 1600, height: 1200, orientation: 6 });
    expect(hasGps(original.exif)).toBe(true);

    const res = await agent.post('/api/auth/users/update-photo/').attach('profile_photo', photo, 'IMG_0005.JPG');
    expect(res.status).toBe(200);
    const served = (await http.get(res.body.profile_photo).expect(200)).body as Buffer;
    const meta = await sharp(served).metadata();
    expect(hasGps(meta.exif)).toBe(false);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.includes('Apple')).toBe(false);
    // Upright: the orientation is applied to the pixels (portrait now) and no longer said.
    expect(meta).toMatchObject({ format: 'webp', width: 384, height: 512 });
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a file that says it is an image but is not one (400), keeping the current photo', async () => {
    const { agent } = await registerOwner(t);
    const first = await agent.post('/api/auth/users/update-photo/').attach('profile_photo', PNG, 'a.png').expect(200);
    const photo = await phonePhoto();
    const broken = await agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', photo.subarray(0, photo.length / 2), 'cut.jpg')
      .expect(400);
    expect(broken.body).toEqual({ detail: expect.any(String), code: 'invalid_image' });
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.profile_photo).toBe(first.body.profile_photo);
  });

  it('refuses non-images (415), files over 5 MB (413) and a missing file (400), keeping the current photo', async () => {
    const { agent } = await registerOwner(t);
    const first = await agent.post('/api/auth/users/update-photo/').attach('profile_photo', PNG, 'a.png').expect(200);
    const text = await agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.png')
      .expect(415);
    expect(text.body.code).toBe('unsupported_media_type');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await agent
      .post('/api/auth/users/update-photo/')
      .attach('profile_photo', big, 'big.png')
      .expect(413);
    expect(tooBig.body.code).toBe('payload_too_large');
    await agent.post('/api/auth/users/update-photo/').field('other', 'x').expect(400);
    await agent.post('/api/auth/users/update-photo/').send({}).expect(415);
    const noBoundary = await agent
      .post('/api/auth/users/update-photo/')
      .set('Content-Type', 'multipart/form-data')
      .send('garbage')
      .expect(400);
    expect(noBoundary.body.code).toBe('invalid_multipart');
    const truncated = [
      '--XyZ',
      'Content-Disposition: form-data; name="profile_photo"; filename="a.png"',
      'Content-Type: image/png',
      '',
      PNG.toString('latin1'),
    ].join('\r\n');
    const cut = await agent
      .post('/api/auth/users/update-photo/')
      .set('Content-Type', 'multipart/form-data; boundary=XyZ')
      .send(Buffer.from(truncated, 'latin1'))
      .expect(400);
    expect(cut.body.code).toBe('invalid_multipart');
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.profile_photo).toBe(first.body.profile_photo);
  });

  it('keeps exactly one photo file when uploads race', async () => {
    const { agent } = await registerOwner(t);
    const dir = join(t.config.uploads.mediaDir, 'profile-photos');
    const before = existsSync(dir) ? readdirSync(dir).length : 0;
    await Promise.all(
      [1, 2, 3].map((n) =>
        agent.post('/api/auth/users/update-photo/').attach('profile_photo', PNG, `${n}.png`).expect(200),
      ),
    );
    const current = (await agent.get('/api/auth/users/me/').expect(200)).body.profile_photo as string;
    expect((await http.get(current)).status).toBe(200);
    expect(readdirSync(dir).filter((f) => !f.startsWith('.')).length - before).toBe(1);
  });

  it('changes the password: wrong current password is a field error; other sessions end, this one continues', async () => {
    const { agent, user } = await registerOwner(t);
    const wrong = await agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: 'nope-nope', new_password: 'new-password-1', confirm_password: 'new-password-1' })
      .expect(400);
    expect(wrong.body.fields).toEqual({ current_password: ['Your current password is incorrect.'] });
    const mismatch = await agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'other-password' })
      .expect(400);
    expect(mismatch.body.fields).toEqual({ confirm_password: ['Passwords do not match.'] });
    const short = await agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'short' })
      .expect(400);
    expect(Object.keys(short.body.fields)).toEqual(['new_password']);

    await agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'new-password-1' })
      .expect(200);
    await agent.get('/api/auth/users/me/').expect(200);
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${user.access}`).expect(401);
    // An ended session is a 401 whatever workspace it names, even one it never belonged to.
    await http
      .get('/api/auth/users/')
      .set('Authorization', `JWT ${user.access}`)
      .set('X-Workspace-ID', '00000000-0000-4000-8000-000000000000')
      .expect(401);
    await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: 'new-password-1' }).expect(200);
  });
});

describe('mail without SMTP', () => {
  it('writes the reset mail to the outbox folder, and its link resets the password', async () => {
    const { user } = await registerOwner(t);
    await http.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    const dir = t.config.mail.outboxDir;
    let mail: ReturnType<typeof parseMessage> | undefined;
    for (let waited = 0; !mail && waited < 5_000; waited += 50) {
      const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      for (const file of files) {
        const parsed = parseMessage(readFileSync(join(dir, file)));
        if (parsed.text.includes('/reset-password?code=') && parsed.raw.includes(user.email)) mail = parsed;
      }
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail).toBeDefined();
    const code = /\/reset-password\?code=([\w-]+)/.exec(mail!.text)?.[1];
    await http.post('/api/auth/users/reset-password/').send({ code, password: 'from-the-outbox-1' }).expect(200);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: 'from-the-outbox-1' }).expect(200);
  });
});
