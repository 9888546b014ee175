import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react(), vike()],
  build: {
    // Resolved against `root`: vike writes dist/client (static assets) and dist/server (entry.mjs).
    outDir: '../dist',
    // Empties dist/client and dist/server only; the server's tsc output in dist/api is left alone.
    emptyOutDir: true,
  },
});
