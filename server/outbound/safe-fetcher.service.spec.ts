import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { readBody } from './safe-fetch.js';
import { SafeFetcher } from './safe-fetcher.service.js';

describe('SafeFetcher', () => {
  const photo = readFileSync(join(process.cwd(), 'test/fixtures/media/photo.jpg'));
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo));
  let dataDir: string;
  let url: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vr-fetcher-'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/photo.jpg`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const fetcher = (env: Record<string, string> = {}) => new SafeFetcher(loadConfig({ DATA_DIR: dataDir, ...env }));

  it('refuses the local server by default', async () => {
    await expect(fetcher().fetch(url)).rejects.toMatchObject({ code: 'private_address' });
  });

  it.each(['true', '127.0.0.1', '127.0.0.0/8,::1'])('reaches it with IMPORT_ALLOW_PRIVATE_HOSTS=%s', async (value) => {
    const response = await fetcher({ IMPORT_ALLOW_PRIVATE_HOSTS: value }).fetch(url, { allowedTypes: ['image/jpeg'] });
    expect(await readBody(response)).toEqual(photo);
  });

  it('lets only the listed addresses through', async () => {
    const only = fetcher({ IMPORT_ALLOW_PRIVATE_HOSTS: '::1' });
    await expect(only.fetch(url)).rejects.toMatchObject({ code: 'private_address' });
  });
});
