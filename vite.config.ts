import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const root = fileURLToPath(new URL('./web', import.meta.url));

export default defineConfig({
  root,
  base: './',
  // Svelte 5 handles TypeScript itself: no svelte.config.js, no preprocessors.
  plugins: [svelte({ configFile: false })],
  // Everything the phone needs is bundled: no CDN, no network fonts.
  publicDir: false,
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // Plugin timing reports are noise in a user's `npm start`.
      checks: { bundlerTimings: false },
      input: {
        phone: fileURLToPath(new URL('./web/phone.html', import.meta.url)),
        studio: fileURLToPath(new URL('./web/studio.html', import.meta.url)),
        viewer: fileURLToPath(new URL('./web/viewer.html', import.meta.url)),
        // The leaderboard site's script, under a fixed name its pages can load (bridge/leaderboard).
        leaderboard: fileURLToPath(new URL('./web/leaderboard/charts.ts', import.meta.url)),
        // …and its stylesheet (the bundled Chinese face), also under a fixed name.
        leaderboardFonts: fileURLToPath(new URL('./web/leaderboard/fonts.css', import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'leaderboard' ? 'assets/leaderboard.js' : 'assets/[name]-[hash].js'),
        assetFileNames: (asset) => (asset.names.includes('leaderboardFonts.css') ? 'assets/leaderboard.css' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // A file per core. Vitest's own default is one fewer than the cores, which on a 2-core CI
    // machine ran every file one after another; most of a file's time is a browser's or a child
    // process's, so two at a time overlap it (measured: four browser test files 51 s → 43 s).
    maxWorkers: Math.max(2, availableParallelism()),
    // expect.poll's own default gives up after 1 s: a loaded 2-core CI machine can take longer for
    // a page or a server to get there. A bound against hangs, as the test timeouts are.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // A guard against hangs, not a speed check: a loaded 2-core CI machine is slow.
          testTimeout: 30_000,
          include: ['test/**/*.test.ts', 'bridge/**/*.test.ts'],
          exclude: ['**/*.svelte.test.ts', 'test/e2e/**', 'test/cli/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          // Real runs: a Chromium, the bridge and the phone per test.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: {
          name: 'phone',
          environment: 'jsdom',
          testTimeout: 30_000,
          include: ['test/**/*.svelte.test.ts', 'simulator-apps/**/*.svelte.test.ts', 'web/**/*.svelte.test.ts'],
        },
      },
    ],
  },
});
