import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The page the service serves at `/`: built into dist/web, beside the compiled service. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  resolve: {
    // The client library's sources: the page builds without building the library first.
    alias: { '@citation-stream/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)) },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  logLevel: 'warn',
});
