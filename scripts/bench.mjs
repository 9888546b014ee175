// `npm run bench`: builds if needed, then runs every bench/*.bench.mjs in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
if (
  !existsSync(join(root, 'dist', 'api', 'server', 'main.js')) ||
  !existsSync(join(root, 'dist', 'server', 'entry.mjs'))
) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const only = process.argv[2];
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const run = spawnSync(process.execPath, [join(root, 'bench', file)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
