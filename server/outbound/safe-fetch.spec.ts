import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { checkUrl, readBody, safeFetch, type SafeFetchOptions, type TResolve } from './safe-fetch.js';
import { SafeFetchError } from './safe-fetch-error.js';

const fixtures = join(process.cwd(), 'test/fixtures');
const photo = readFileSync(join(fixtures, 'media/photo.jpg'));
const video = readFileSync(join(fixtures, 'media/review.mp4'));
const tls = {
  key: readFileSync(join(fixtures, 'tls/media-test.key')),
  cert: readFileSync(join(fixtures, 'tls/media-test.crt')),
};

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface TestServer {
  port: number;
  url: string;
  hits: Array<{ method: string; url: string; host?: string; authorization?: string; body: string }>;
  close(): Promise<void>;
}

/** A real server on a loopback address, answering by path; every request it gets is recorded. */
async function serve(routes: Record<string, Handler>, options: { host?: string; tls?: boolean } = {}) {
  const host = options.host ?? '127.0.0.1';
  const hits: TestServer['hits'] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { method = '', url = '', headers } = req;
      hits.push({ method, url, host: headers.host, authorization: headers.authorization, body });
      (routes[url.split('?')[0]] ?? ((_req, r) => r.writeHead(404).end('not here')))(req, res, body);
    });
  };
  const server = options.tls ? https.createServer(tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies TestServer;
}

/** A resolver answering from a table, counting its calls: stands in for DNS. */
function resolver(table: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolve: TResolve = async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const answer = answers[Math.min(calls.filter((name) => name === hostname).length, answers.length - 1)];
    calls.push(hostname);
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

async function failure(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchError> {
  try {
    await readBody(await safeFetch(url, options));
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

const local = ['127.0.0.1'];
const sendPhoto: Handler = (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);

describe('safeFetch', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serve({
      '/photo.jpg': sendPhoto,
      '/review.mp4': (_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(video),
      '/page.jpg': (_req, res) =>
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><html><body>hi</body></html>'),
      '/echo': (req, res, body) =>
        res.writeHead(200).end(JSON.stringify({ method: req.method, host: req.headers.host, body })),
      '/announced-large': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '5000' });
        res.write(photo.subarray(0, 100));
      },
      '/chunked-large': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(photo);
        res.end(Buffer.alloc(5000));
      },
      '/silent': () => undefined,
      '/stalls': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(photo.subarray(0, 100));
      },
      '/drips': (_req, res) => {
        res.writeHead(200);
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 20);
      },
    });
  });
  afterAll(() => server.close());
  beforeEach(() => server.hits.splice(0));

  describe('refuses addresses that are not public, before connecting', () => {
    it.each([
      ['127.0.0.1', 'a loopback address'],
      ['[::1]', 'a loopback address'],
      ['10.0.0.1', 'a private network address'],
      ['172.16.5.4', 'a private network address'],
      ['192.168.0.10', 'a private network address'],
      ['169.254.169.254', 'a link-local address'],
      ['100.64.0.1', 'a carrier-grade NAT address'],
      ['0.0.0.0', 'an unspecified address'],
      ['224.0.0.1', 'a multicast address'],
      ['255.255.255.255', 'the broadcast address'],
      ['192.0.2.1', 'a reserved or documentation address'],
      ['[fc00::1]', 'a private network address'],
      ['[fe80::1]', 'a link-local address'],
      ['[::ffff:127.0.0.1]', 'a loopback address'],
      ['[::ffff:a9fe:a9fe]', 'a link-local address'],
      ['[64:ff9b::a00:1]', 'a private network address'],
      // Spellings the URL parser turns into 127.0.0.1.
      ['2130706433', 'a loopback address'],
      ['0x7f.1', 'a loopback address'],
      ['127.1', 'a loopback address'],
    ])('%s', async (host, problem) => {
      const error = await failure(`http://${host}:${server.port}/photo.jpg`);
      expect(error.code).toBe('private_address');
      expect(error.message).toContain(problem);
      expect(server.hits).toHaveLength(0);
    });

    it('a name that resolves to loopback (the system resolver: localhost)', async () => {
      const error = await failure(`http://localhost:${server.port}/photo.jpg`);
      expect(error.code).toBe('private_address');
      expect(error.message).toMatch(
        /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\.$/,
      );
      expect(server.hits).toHaveLength(0);
    });

    it('a name with one private address among public ones', async () => {
      const { resolve } = resolver({ 'media.test': [['93.184.215.14', '10.0.0.7']] });
      const error = await failure(`http://media.test:${server.port}/photo.jpg`, { resolve });
      expect(error).toMatchObject({
        code: 'private_address',
        message: 'Refused: media.test resolves to 10.0.0.7, which is a private network address.',
      });
    });

    it('a name whose second answer is private (DNS rebinding): the connection goes to the first, checked one', async () => {
      const { resolve, calls } = resolver({ 'rebind.test': [['93.184.215.14'], ['127.0.0.1']] });
      const outcome = await safeFetch(`http://rebind.test:${server.port}/echo`, {
        resolve,
        connectTimeoutMs: 300,
      }).then(
        async (response) => (await readBody(response)).toString(),
        (error: SafeFetchError) => error.code,
      );
      // Wherever 93.184.215.14 leads from here (nowhere, usually), it is not the server on 127.0.0.1.
      expect(['timeout', 'connection']).toContain(outcome);
      expect(calls).toEqual(['rebind.test']);
      expect(server.hits).toHaveLength(0);
    });

    it('resolves once per request even where private addresses are allowed', async () => {
      // Nothing listens on 127.0.0.2: a second lookup at connect time would fail the request.
      const { resolve, calls } = resolver({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
      const response = await safeFetch(`http://rebind.test:${server.port}/echo`, { resolve, allowPrivate: local });
      expect(JSON.parse((await readBody(response)).toString())).toMatchObject({ host: `rebind.test:${server.port}` });
      expect(calls).toEqual(['rebind.test']);
    });
  });

  describe('URLs', () => {
    it.each([
      ['file:///etc/passwd', 'url_scheme'],
      ['ftp://93.184.215.14/a.jpg', 'url_scheme'],
      ['data:image/jpeg;base64,/9j/', 'url_scheme'],
      ['gopher://93.184.215.14:70/', 'url_scheme'],
      ['http://user:secret@93.184.215.14/a.jpg', 'url_credentials'],
      ['http://user@93.184.215.14/a.jpg', 'url_credentials'],
      ['not a url', 'url_invalid'],
      ['http://unknown.test/a.jpg', 'dns'],
    ])('%s: %s', async (url, code) => {
      expect((await failure(url, { resolve: resolver({}).resolve })).code).toBe(code);
    });

    it('checks a URL as a fetch would, without connecting (a webhook endpoint when it is registered)', async () => {
      const { resolve } = resolver({ 'internal.test': [['10.1.2.3']], 'public.test': [['93.184.215.14']] });
      await expect(checkUrl('https://public.test/hooks', { resolve, httpsOnly: true })).resolves.toBeUndefined();
      await expect(checkUrl('http://public.test/hooks', { resolve, httpsOnly: true })).rejects.toMatchObject({
        code: 'url_scheme',
      });
      await expect(checkUrl('https://internal.test/hooks', { resolve })).rejects.toMatchObject({
        code: 'private_address',
        message: 'Refused: internal.test resolves to 10.1.2.3, which is a private network address.',
      });
      await expect(checkUrl('http://[::1]:9/', { resolve })).rejects.toMatchObject({ code: 'private_address' });
      await expect(checkUrl(`${server.url}/hooks`, { allowPrivate: local })).resolves.toBeUndefined();
      expect(server.hits).toHaveLength(0);
    });

    it('https only refuses http, even where the address is allowed', async () => {
      const error = await failure(`${server.url}/photo.jpg`, { httpsOnly: true, allowPrivate: local });
      expect(error).toMatchObject({ code: 'url_scheme', message: 'Only https URLs are accepted.' });
      expect(server.hits).toHaveLength(0);
    });

    it('keeps the host name for Host, SNI and the certificate check while connecting to the checked address', async () => {
      const secure = await serve(
        { '/sni': (req, res) => res.writeHead(200).end(String((req.socket as { servername?: string }).servername)) },
        { tls: true },
      );
      try {
        const { resolve } = resolver({ 'media.test': [['127.0.0.1']], 'other.test': [['127.0.0.1']] });
        const options = { resolve, allowPrivate: local, httpsOnly: true, ca: tls.cert };
        const response = await safeFetch(`https://media.test:${secure.port}/sni`, options);
        expect((await readBody(response)).toString()).toBe('media.test');
        expect(secure.hits[0].host).toBe(`media.test:${secure.port}`);
        // The certificate names media.test only.
        expect((await failure(`https://other.test:${secure.port}/sni`, options)).code).toBe('connection');
      } finally {
        await secure.close();
      }
    });
  });

  describe('redirects', () => {
    let redirector: TestServer;
    let target: TestServer;
    const { resolve } = resolver({ 'internal.test': [['10.1.2.3']], 'target.test': [['127.0.0.1']] });
    beforeAll(async () => {
      target = await serve({ '/echo': (req, res) => res.writeHead(200).end(String(req.headers.authorization)) });
      const to =
        (location: string, status = 302): Handler =>
        (_req, res) =>
          res.writeHead(status, { location }).end();
      redirector = await serve({
        '/to-loopback': to(`http://127.0.0.2:${server.port}/photo.jpg`),
        '/to-ipv6-loopback': to(`http://[::1]:${server.port}/photo.jpg`),
        '/to-metadata': to('http://169.254.169.254/latest/meta-data/'),
        '/to-private': to('http://10.0.0.1/admin'),
        '/to-internal-name': to(`http://internal.test:${server.port}/photo.jpg`),
        '/to-file': to('file:///etc/passwd'),
        '/to-photo': to(`http://127.0.0.1:${server.port}/photo.jpg`, 301),
        '/relative': to('/photo.jpg'),
        '/photo.jpg': sendPhoto,
        '/see-other': to(`http://127.0.0.1:${server.port}/echo`, 303),
        '/temporary': to(`http://127.0.0.1:${server.port}/echo`, 307),
        '/to-other-origin': to(`http://target.test:${target.port}/echo`, 307),
        '/same-origin': to('/echo-auth', 307),
        '/echo-auth': (req, res) => res.writeHead(200).end(String(req.headers.authorization)),
        ...Object.fromEntries(
          Array.from({ length: 10 }, (_, n) => [`/chain/${n}`, n === 0 ? sendPhoto : to(`/chain/${n - 1}`)]),
        ),
      });
    });
    beforeEach(() => redirector.hits.splice(0));
    afterAll(async () => {
      await redirector.close();
      await target.close();
    });

    it.each([
      ['/to-loopback', 'private_address', 'Refused: 127.0.0.2 is a loopback address.'],
      ['/to-ipv6-loopback', 'private_address', 'Refused: ::1 is a loopback address.'],
      [
        '/to-metadata',
        'private_address',
        'Refused: 169.254.169.254 is a link-local address (where cloud metadata services live).',
      ],
      ['/to-private', 'private_address', 'Refused: 10.0.0.1 is a private network address.'],
      [
        '/to-internal-name',
        'private_address',
        'Refused: internal.test resolves to 10.1.2.3, which is a private network address.',
      ],
      ['/to-file', 'url_scheme', 'Only http and https URLs can be fetched, not file:'],
    ])('checks each hop again: %s', async (path, code, message) => {
      // Only the first hop's address, 127.0.0.1, is let through.
      expect(await failure(`${redirector.url}${path}`, { resolve, allowPrivate: local })).toMatchObject({
        code,
        message,
      });
      expect(redirector.hits.map((hit) => hit.url)).toContain(path);
      expect(server.hits).toHaveLength(0);
    });

    it('follows permitted redirects, absolute and relative, and reports where the body came from', async () => {
      const moved = await safeFetch(`${redirector.url}/to-photo`, { allowPrivate: local });
      expect([moved.status, moved.url]).toEqual([200, `http://127.0.0.1:${server.port}/photo.jpg`]);
      expect(await readBody(moved)).toEqual(photo);
      const relative = await safeFetch(`${redirector.url}/relative`, { allowPrivate: local });
      expect([relative.url, (await readBody(relative)).length]).toEqual([`${redirector.url}/photo.jpg`, photo.length]);
    });

    it('follows at most 5 redirects unless told otherwise', async () => {
      const five = await safeFetch(`${redirector.url}/chain/5`, { allowPrivate: local });
      expect(await readBody(five)).toEqual(photo);
      redirector.hits.splice(0);
      const six = await failure(`${redirector.url}/chain/6`, { allowPrivate: local });
      expect(six).toMatchObject({ code: 'too_many_redirects', message: 'More than 5 redirects.' });
      expect(redirector.hits.map((hit) => hit.url)).toEqual([
        '/chain/6',
        '/chain/5',
        '/chain/4',
        '/chain/3',
        '/chain/2',
        '/chain/1',
      ]);
      expect((await failure(`${redirector.url}/chain/1`, { allowPrivate: local, maxRedirects: 0 })).code).toBe(
        'too_many_redirects',
      );
    });

    it('answers a redirect as it is when told not to follow (outgoing webhooks)', async () => {
      const answer = await safeFetch(`${redirector.url}/to-metadata`, { allowPrivate: local, followRedirects: false });
      expect([answer.status, answer.headers.location]).toEqual([302, 'http://169.254.169.254/latest/meta-data/']);
      answer.body.destroy();
      expect(redirector.hits.map((hit) => hit.url)).toEqual(['/to-metadata']);
    });

    it('changes the method as fetch does: 303 to GET without the body, 307 repeats the POST', async () => {
      const post = {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'Content-Type': 'application/json' },
        allowPrivate: local,
      };
      const seeOther = JSON.parse((await readBody(await safeFetch(`${redirector.url}/see-other`, post))).toString());
      expect(seeOther).toMatchObject({ method: 'GET', body: '' });
      const temporary = JSON.parse((await readBody(await safeFetch(`${redirector.url}/temporary`, post))).toString());
      expect(temporary).toMatchObject({ method: 'POST', body: '{"a":1}' });
    });

    it('drops credentials on a redirect to another origin only', async () => {
      const options = { resolve, allowPrivate: local, headers: { Authorization: 'Bearer secret' } };
      const sameOrigin = await safeFetch(`${redirector.url}/same-origin`, options);
      expect((await readBody(sameOrigin)).toString()).toBe('Bearer secret');
      const otherOrigin = await safeFetch(`${redirector.url}/to-other-origin`, options);
      expect((await readBody(otherOrigin)).toString()).toBe('undefined');
      expect(target.hits).toHaveLength(1);
    });
  });

  describe('size and time caps', () => {
    it('refuses a body whose Content-Length is over the cap without reading it', async () => {
      const error = await failure(`${server.url}/announced-large`, { allowPrivate: local, maxBytes: 1000 });
      expect(error).toMatchObject({ code: 'too_large', message: 'The file is larger than 1000 bytes.' });
    });

    it('cuts a body that grows past the cap while it streams', async () => {
      const response = await safeFetch(`${server.url}/chunked-large`, { allowPrivate: local, maxBytes: 1000 });
      expect(response.status).toBe(200);
      await expect(readBody(response)).rejects.toMatchObject({ code: 'too_large' });
      const roomy = await safeFetch(`${server.url}/chunked-large`, { allowPrivate: local, maxBytes: 10_000 });
      expect((await readBody(roomy)).length).toBe(photo.length + 5000);
    });

    it('gives up on a server that never answers', async () => {
      const started = Date.now();
      const error = await failure(`${server.url}/silent`, { allowPrivate: local, timeoutMs: 300 });
      expect(error).toMatchObject({ code: 'timeout', message: 'No complete answer within 0.3 s.' });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('gives up on a body that stops coming', async () => {
      const error = await failure(`${server.url}/stalls`, { allowPrivate: local, idleTimeoutMs: 200 });
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(/sent nothing for 0\.2 s/);
    });

    it('keeps the total time cap while the body drips in', async () => {
      const response = await safeFetch(`${server.url}/drips`, { allowPrivate: local, timeoutMs: 300 });
      await expect(readBody(response)).rejects.toMatchObject({ code: 'timeout' });
    });
  });

  describe('content sniffing', () => {
    const media = { allowPrivate: local, allowedTypes: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'] };

    it('accepts a real JPEG and a real MP4, by their bytes, whole', async () => {
      const jpeg = await safeFetch(`${server.url}/photo.jpg`, media);
      expect(jpeg.type).toEqual({ mime: 'image/jpeg', ext: 'jpg', kind: 'image' });
      expect(await readBody(jpeg)).toEqual(photo);
      const mp4 = await safeFetch(`${server.url}/review.mp4`, media);
      expect(mp4.type?.mime).toBe('video/mp4');
      expect(await readBody(mp4)).toEqual(video);
    });

    it('refuses HTML served as image/jpeg, and a type the caller did not ask for', async () => {
      expect(await failure(`${server.url}/page.jpg`, media)).toMatchObject({
        code: 'content_type',
        message: 'The file is not an image or video we know; expected image/jpeg, image/png, image/webp, video/mp4.',
      });
      expect(await failure(`${server.url}/review.mp4`, { ...media, allowedTypes: ['image/jpeg'] })).toMatchObject({
        code: 'content_type',
        message: 'The file is video/mp4; expected image/jpeg.',
      });
    });

    it('refuses an answer that is not a success when a file is expected', async () => {
      expect(await failure(`${server.url}/missing.jpg`, media)).toMatchObject({
        code: 'http_status',
        message: `127.0.0.1:${server.port} answered 404.`,
      });
      const plain = await safeFetch(`${server.url}/missing.jpg`, { allowPrivate: local });
      expect([plain.status, (await readBody(plain)).toString()]).toEqual([404, 'not here']);
    });
  });
});
