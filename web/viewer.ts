/// <reference types="vite/client" />
/**
 * The run viewer page: `viewer.html[?run=<folder>/]`, a run's files read as static data (`data/`
 * by default: `phonegym view` serves one run there; the leaderboard site keeps one per run).
 * Opened from the studio's Runs tab (`&studio=<token>`), an episode can be continued there.
 * The viewer opens with the first batch of rows; the rest follow as the worker reads them.
 */
import '@fontsource/noto-sans-sc/400.css';
import './studio/theme.css';
import { mount } from 'svelte';
import type { RunMeta } from '../bridge/protocol/runFolder.ts';
import Viewer from './viewer/Viewer.svelte';
import { loadMeta, loadRows } from './viewer/load.ts';
import { dataBase, RowsFeed, studioOf } from './viewer/runData.ts';

const app = document.getElementById('app')!;

function fail(message: string): void {
  const box = document.createElement('div');
  box.className = 'load-error';
  box.textContent = `This run cannot be shown: ${message}`;
  app.replaceChildren(box);
}

try {
  const base = dataBase(location.search);
  app.textContent = 'Reading the run…';
  const feed = new RowsFeed();
  let meta: RunMeta | null = null;
  let first = false;
  let mounted = false;
  const show = () => {
    if (mounted || !meta || !first) return;
    mounted = true;
    app.textContent = '';
    mount(Viewer, { target: app, props: { base, meta, feed, studio: studioOf(location.search) } });
  };
  loadRows(base, (rows, done) => {
    feed.push(rows, done);
    first = true;
    show();
  }).catch((e: Error) => (mounted ? feed.fail(e.message) : fail(e.message)));
  loadMeta(base).then(
    (m) => {
      meta = m;
      show();
    },
    (e: Error) => fail(e.message),
  );
} catch (e) {
  fail((e as Error).message);
}
