import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import request from 'supertest';
import { approveFirstPending } from '../../examples/typed-client/client.js';
import type { paths } from '../../examples/typed-client/api.js';
import type { TApiKeyCreated } from '../../shared/api-keys.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, seedOwner, type RegisteredOwner } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const EXAMPLE = join(ROOT_DIR, 'examples', 'typed-client');
const COMMITTED_TYPES = join(EXAMPLE, 'api.d.ts');
const REGENERATE = 'UPDATE_API_TYPES=1 npm run test:jest -- test/api/typed-client-example.test.ts';

// Issue 28: every answer was `never` in a generated client. This line does not compile unless the reviews list's 200
// is typed down to its items (`npm run typecheck` covers test/).
const listedStatus: paths['/api/reviews/']['get']['responses'][200]['content']['application/json']['results'][number]['status'] =
  'pending';

let t: TestApp;
let baseUrl: string;
let owner: RegisteredOwner;
let dir: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  await t.app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  owner = await seedOwner(t);
  dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function createKey(scopes: string[]): Promise<string> {
  const res = await owner.agent.post('/api/api-keys/').send({ name: 'Typed client', scopes }).expect(201);
  return (res.body as TApiKeyCreated).key;
}

/** Run as a separate process, without blocking this one: the app it calls answers from here. */
function runScript(
  file: string,
  env: Record<string, string>,
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file], { env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const statusOf = async (id: string) =>
  ((await owner.agent.get(`/api/reviews/${id}/`).expect(200)).body as { status: string }).status;

describe('examples/typed-client', () => {
  it("commits the types openapi-typescript makes of the served document, every success's body typed", async () => {
    const document = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body;
    const generated = `${COMMENT_HEADER}${astToString(await openapiTS(document as OpenAPI3, { silent: true }))}`;
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(COMMITTED_TYPES, generated);
    const committed = readFileSync(COMMITTED_TYPES, 'utf8');
    if (generated !== committed) {
      const [ours, theirs] = [generated.split('\n'), committed.split('\n')];
      const line = ours.findIndex((text, i) => text !== theirs[i]);
      throw new Error(
        `examples/typed-client/api.d.ts is not what the API document generates (first at line ${line + 1}:\n` +
          `  committed: ${theirs[line]}\n  generated: ${ours[line]}).\nRegenerate it: ${REGENERATE}`,
      );
    }
    // A success with no body is a 204 only: every other one has a typed body (a media type's at least).
    const untyped = [
      ...generated.matchAll(/^ {12}(2\d\d): \{\n {16}headers: \{\n(?: {20}.*\n)* {16}\};\n {16}content\?: never;/gm),
    ];
    expect(new Set(untyped.map((match) => match[1]))).toEqual(new Set(['204']));
    expect(generated).toMatch(
      /^ {8}ReviewPage: \{\n(?: {12}.*\n)* {12}results: components\["schemas"\]\["Review"\]\[\];$/m,
    );
    expect(listedStatus).toBe('pending');
  });

  it('compiles with its own tsconfig and, run with BASE_URL and API_KEY, approves the pending review', async () => {
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT_DIR, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(EXAMPLE, 'tsconfig.json'),
        '--outDir',
        dir,
      ],
      { encoding: 'utf8' },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
    // The compiled script, where it resolves openapi-fetch and runs as an ES module, as in the repository.
    symlinkSync(join(ROOT_DIR, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');

    const [pending] = await seedReviews(t, owner.merchantId, 1, { status: 'pending', customerName: () => 'Ana' });
    const run = await runScript(join(dir, 'client.js'), {
      BASE_URL: baseUrl,
      API_KEY: await createKey(['reviews:read', 'reviews:write']),
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Approved review ${pending} by Ana \\(\\d/5\\) on .+\\.\\n$`));
    expect(run.status).toBe(0);
    expect(await statusOf(pending!)).toBe('approved');
  });

  it('says why a key is refused, and approves nothing when nothing is pending (called from TypeScript)', async () => {
    const [pending] = await seedReviews(t, owner.merchantId, 1, { status: 'pending' });
    const reader = await createKey(['reviews:read']);
    await expect(approveFirstPending(baseUrl, reader)).rejects.toThrow(
      `Approving review ${pending}: 403 api_key_scope: This key lacks the reviews:write scope.`,
    );
    expect(await statusOf(pending!)).toBe('pending');

    const writer = await createKey(['reviews:read', 'reviews:write']);
    expect(await approveFirstPending(baseUrl, writer)).toMatchObject({ id: pending, status: 'approved' });
    expect(await approveFirstPending(baseUrl, writer)).toBeNull();
  });
});
