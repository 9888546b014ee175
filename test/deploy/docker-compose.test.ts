import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { ZEnv } from '../../server/config/config.schema.js';
import { loadConfig } from '../../server/config/config.js';

/**
 * docker-compose.yml, checked without a Docker engine: Debian's docker-compose resolves and validates it
 * (`docker-compose config`), and the result is held against what the app accepts and what the image installs.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const SECRETS = { JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: 'ab'.repeat(32) };

interface ComposeService {
  image?: string;
  build?: { context: string };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  ports?: (string | { published: string | number; target: number })[];
  volumes?: (string | { source: string; target: string })[];
}

/** The file as docker-compose resolves it: anchors merged, `${…}` filled from `env`. */
async function resolved(env: Record<string, string>): Promise<{ services: Record<string, ComposeService> }> {
  const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  return parse(stdout) as { services: Record<string, ComposeService> };
}

/** `ENV A=1 B=2` of the Dockerfile's runtime stage: what every container of the image starts with. */
function imageEnv(): Record<string, string> {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
  const line = /^ENV (.+)$/m.exec(runtime)?.[1] ?? '';
  return Object.fromEntries(line.split(/\s+/).map((pair) => pair.split('=') as [string, string]));
}

const appServices = (services: Record<string, ComposeService>) =>
  Object.entries(services).filter(([, service]) => service.build);

describe('docker-compose.yml', () => {
  let services: Record<string, ComposeService>;

  beforeAll(async () => {
    ({ services } = await resolved(SECRETS));
  });

  it('runs two app instances of one image behind a proxy, with PostgreSQL, Redis and a MinIO bucket', () => {
    const apps = appServices(services);
    expect(apps.map(([name]) => name).sort()).toEqual(['app-1', 'app-2']);
    expect(new Set(apps.map(([, service]) => service.image)).size).toBe(1);
    expect(Object.keys(services).sort()).toEqual(['app-1', 'app-2', 'bucket', 'minio', 'postgres', 'proxy', 'redis']);
    for (const [, app] of apps) {
      expect(app.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('gives every instance the same settings, each one the app reads, and the app accepts them', () => {
    const known = new Set(Object.keys(ZEnv.shape));
    const environments = appServices(services).map(([, service]) =>
      Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value ?? '')])),
    );
    expect(environments[1]).toEqual(environments[0]);
    const environment = environments[0];
    expect(Object.keys(environment).filter((key) => !known.has(key))).toEqual([]);

    const dataDir = mkdtempSync(join(tmpdir(), 'compose-config-'));
    try {
      const config = loadConfig({ ...imageEnv(), ...environment, DATA_DIR: dataDir });
      expect(config.database.url).toBe('postgres://reviews:reviews@postgres:5432/reviews');
      expect(config.redis.url).toBe('redis://redis:6379');
      expect(config.secrets).toEqual({ jwt: SECRETS.JWT_SECRET, encryptionKey: SECRETS.ENCRYPTION_KEY });
      expect(config.trustProxy).toBe(true);
      expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: 'reviews' });
      // The bucket's credentials are MinIO's own.
      const minio = services.minio.environment ?? {};
      expect(config.s3?.accessKeyId).toBe(minio.MINIO_ROOT_USER);
      expect(config.s3?.secretAccessKey).toBe(minio.MINIO_ROOT_PASSWORD);
      // Links the app writes (mails, OAuth returns) point at the proxy's published port.
      const published = services.proxy.ports?.map((port) =>
        typeof port === 'string' ? port.split(':')[0] : port.published,
      );
      expect(published?.map(String)).toContain(new URL(config.publicUrl).port);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('has the proxy send to every instance on the port the image listens on', () => {
    // docker-compose 1.x writes a bind mount as "source:target:mode", 2.x as an object.
    const mounts = (services.proxy.volumes ?? []).map((volume) =>
      typeof volume === 'string' ? { source: volume.split(':')[0], target: volume.split(':')[1] } : volume,
    );
    const source = mounts.find((volume) => volume.target.startsWith('/etc/nginx'))?.source ?? 'no nginx configuration';
    const upstreams = [...readFileSync(source, 'utf8').matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map(
      ([, host, port]) => `${host}:${port}`,
    );
    const port = imageEnv().PORT;
    expect(upstreams.sort()).toEqual(
      appServices(services)
        .map(([name]) => `${name}:${port}`)
        .sort(),
    );
  });

  it('refuses to start without the secrets every instance must share', async () => {
    await expect(resolved({ ENCRYPTION_KEY: SECRETS.ENCRYPTION_KEY })).rejects.toMatchObject({
      stderr: expect.stringMatching(/JWT_SECRET/),
    });
    await expect(resolved({ JWT_SECRET: SECRETS.JWT_SECRET })).rejects.toMatchObject({
      stderr: expect.stringMatching(/ENCRYPTION_KEY/),
    });
  });
});

describe('the Dockerfile', () => {
  it('installs in the image what CI installs for the app to run', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    const runtimePackages = /^RUNTIME_PACKAGES="([^"]*)"/m.exec(ci)?.[1].split(/\s+/).filter(Boolean) ?? [];
    expect(runtimePackages.length).toBeGreaterThan(0);
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime')).replace(/\\\n/g, ' ');
    const installed = [...runtime.matchAll(/apt-get install ([^&\n]+)/g)].flatMap(([, args]) =>
      args.split(/\s+/).filter((word) => word && !word.startsWith('-')),
    );
    expect(installed.sort()).toEqual(runtimePackages.sort());
  });
});
