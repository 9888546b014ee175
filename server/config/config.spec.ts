import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, parseEnv } from './config.js';

describe('parseEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    const env = parseEnv({});
    expect(env).toEqual(
      expect.objectContaining({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'production', LOG_LEVEL: 'info' }),
    );
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('rejects bad values and lists every bad variable at once', () => {
    let caught: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        REDIS_URL: 'not a url',
        JWT_SECRET: 'short',
        ENCRYPTION_KEY: 'xyz',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(['DATABASE_URL', 'ENCRYPTION_KEY', 'JWT_SECRET', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
    expect((caught as ConfigError).message).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect((caught as ConfigError).message).toContain('JWT_SECRET: must be at least 32 characters');
  });
});

describe('IMPORT_ALLOW_PRIVATE_HOSTS', () => {
  it('is off unless set; true lets every address through, a list only those', () => {
    expect(parseEnv({}).IMPORT_ALLOW_PRIVATE_HOSTS).toEqual([]);
    expect(parseEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: 'false' }).IMPORT_ALLOW_PRIVATE_HOSTS).toEqual([]);
    expect(parseEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: 'true' }).IMPORT_ALLOW_PRIVATE_HOSTS).toEqual(['0.0.0.0/0', '::/0']);
    expect(parseEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1, ::1,10.0.0.0/8' }).IMPORT_ALLOW_PRIVATE_HOSTS).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(() => parseEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(
      'IMPORT_ALLOW_PRIVATE_HOSTS: must be true, false, or addresses and ranges like 127.0.0.1,::1 or 127.0.0.0/8',
    );
    expect(() => parseEnv({ IMPORT_ALLOW_PRIVATE_HOSTS: 'localhost' })).toThrow(ConfigError);
  });
});

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vr-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates missing secrets once, keeps them in DATA_DIR (0600) and reuses them on restart', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secrets.jwt.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secrets).toEqual(first.secrets);
    const file = join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.secrets);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('prefers secrets given in the environment', () => {
    const jwt = 'j'.repeat(40);
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: jwt });
    expect(config.secrets.jwt).toBe(jwt);
    expect(config.secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('derives paths and the public URL', () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '4000' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.database.pgliteDir).toBe(join(dir, 'pglite'));
    expect(config.mail.outboxDir).toBe(join(dir, 'outbox'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://reviews.example.com/' }).publicUrl).toBe(
      'https://reviews.example.com',
    );
  });

  // Issue 23: without SUPPORT_EMAIL, the Tienda Nube page told merchants to write to the sending address.
  it('names a support address only when one is set; the contact a platform asks for falls back to MAIL_FROM', () => {
    const unset = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Video Reviews <no-reply@reviews.example>' });
    expect(unset.supportEmail).toBeNull();
    expect(unset.contactEmail).toBe('no-reply@reviews.example');
    const set = loadConfig({
      DATA_DIR: dir,
      MAIL_FROM: 'no-reply@reviews.example',
      SUPPORT_EMAIL: 'help@reviews.example',
    });
    expect([set.supportEmail, set.contactEmail]).toEqual(['help@reviews.example', 'help@reviews.example']);
  });
});
