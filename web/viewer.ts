/// <reference types="vite/client" />
/**
 * The run viewer page: `viewer.html[?run=<folder>/]`, a run's files read as static data (`data/`
 * by default: `phonegym view` serves one run there; the leaderboard site keeps one per run).
 */
import '@fontsource/noto-sans-sc/400.css';
import './studio/theme.css';
import { mount } from 'svelte';
import Viewer from './viewer/Viewer.svelte';
import { loadMeta, loadRows } from './viewer/load.ts';
import { dataBase } from './viewer/runData.ts';

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
  Promise.all([loadMeta(base), loadRows(base)]).then(
    ([meta, rows]) => {
      app.textContent = '';
      mount(Viewer, { target: app, props: { base, meta, rows } });
    },
    (e: Error) => fail(e.message),
  );
} catch (e) {
  fail((e as Error).message);
}
