// `npm start`: builds the dashboard and server when their sources are newer than the build, then runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'api', 'server', 'main.js');
const sources = ['server', 'web', 'shared', 'widget', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt =
  existsSync(stamp) && existsSync(join(root, 'dist', 'server', 'entry.mjs')) ? statSync(stamp).mtimeMs : 0;
if (Math.max(...sources.map((s) => newestMtime(join(root, s)))) > builtAt) {
  console.log('Building (sources changed since the last build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(join(root, 'dist', 'api', 'server', 'main.js'));
