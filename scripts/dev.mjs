// `npm run dev`: Vite middleware with HMR inside the server; the server recompiles and restarts on change.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];

// Give tsc a head start so the first run finds compiled files.
const first = spawn('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit', env });
first.on('exit', () => {
  children.push(
    spawn(
      process.execPath,
      ['--watch-path=dist/api/server', '--watch-path=dist/api/shared', 'dist/api/server/main.js'],
      { cwd: root, stdio: 'inherit', env },
    ),
  );
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
