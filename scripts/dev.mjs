// `npm run dev`: Vite middleware with HMR inside the server; the server recompiles and restarts on change.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NODE_ENV: 'development' };
const children = [];

// The storefront widget is built once here; `npm run build:widget` again restarts the server with the new bundle.
const widget = spawnSync(process.execPath, ['widget/build.mjs'], { cwd: root, stdio: 'inherit', env });
if (widget.status !== 0) process.exit(widget.status ?? 1);

// One compiler in watch mode; the server starts after its first pass and node restarts it on every later one.
const tsc = spawn('npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env,
});
children.push(tsc);
tsc.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (children.length === 1 && chunk.toString().includes('Watching for file changes')) {
    children.push(
      spawn(
        process.execPath,
        [
          '--watch-path=dist/api/server',
          '--watch-path=dist/api/shared',
          '--watch-path=dist/widget',
          'dist/api/server/main.js',
        ],
        { cwd: root, stdio: 'inherit', env },
      ),
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
