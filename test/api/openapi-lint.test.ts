import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { OpenApiDocument } from '../../server/api-docs/openapi.document.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const REDOCLY = join(ROOT_DIR, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

let t: TestApp;
let document: OpenApiDocument;
let dir: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  document = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as OpenApiDocument;
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** `redocly lint` with the repository's redocly.yaml, as an integrator's CI would run it on the served document. */
function lint(doc: OpenApiDocument, name: string): { status: number | null; problems: LintProblem[]; report: string } {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const run = spawnSync(
    process.execPath,
    [REDOCLY, 'lint', file, '--config', join(ROOT_DIR, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
    { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  if (run.error) throw run.error;
  let problems: LintProblem[];
  try {
    problems = (JSON.parse(run.stdout) as { problems: LintProblem[] }).problems;
  } catch {
    throw new Error(`redocly lint gave no report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  }
  const report = problems
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(', ')})`)
    .join('\n');
  return { status: run.status, problems, report };
}

describe('the API document, linted by @redocly/cli (recommended-strict, trailing slashes kept)', () => {
  it('has no problems', () => {
    const { status, report } = lint(document, 'openapi');
    expect(report).toBe('');
    expect(status).toBe(0);
  });

  it('is linted for real: an operation with no summary and no 4xx fails it', () => {
    const broken = structuredClone(document);
    const approve = broken.paths['/api/reviews/{id}/approve/'].post;
    delete (approve as Partial<typeof approve>).summary;
    approve.responses = Object.fromEntries(Object.entries(approve.responses).filter(([status]) => !/^4/.test(status)));
    const { status, problems } = lint(broken, 'broken');
    expect(status).not.toBe(0);
    expect(problems.map((p) => `${p.severity} ${p.ruleId}`).sort()).toEqual([
      'error operation-4xx-response',
      'error operation-summary',
    ]);
  });
});
