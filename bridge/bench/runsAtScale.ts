/**
 * Looking at a 10,000-episode run: the leaderboard built from it (every row re-judged from its
 * saved states, its data put into the site, the pages written) and the run viewer opened on it in
 * Chromium. The run is a real oracle run of the whole suite, repeated as further trials to 10,000
 * episodes (bigRun.ts), so every reader reads the runner's own files.
 *
 *   build:   buildSite into a fresh folder, wall time (each sample after a first, warm one)
 *   viewer:  `phonegym view`'s server on the folder; a new browser context opens it; the time from
 *            navigation start to the first episode row in the page, and to the first episode's
 *            replay (its screenshot loaded), by the page's own clock; then the list scrolled a page
 *            every frame, the time between frames
 *
 * Alone: `node --import tsx bridge/bench/runsAtScale.ts` (prints the figures as JSON). Knobs for
 * measuring one part again and again: BENCH_RUNS_DIR keeps the oracle run and the big folder there
 * and reuses them when they are present (making them takes minutes; the build reads them only);
 * BENCH_RUNS_PARTS=build measures the build alone (no viewer).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { performance } from 'node:perf_hooks';
import { reproduceCommand } from '../cli/runFlags.ts';
import { launchChromium } from '../env/browser.ts';
import { buildSite } from '../leaderboard/site.ts';
import { DEFAULT_CONFIG } from '../runner/config.ts';
import { runEvaluation } from '../runner/run.ts';
import { configOfRun } from '../runner/runFolder.ts';
import { loadRegistry } from '../tasks/registry.ts';
import { startViewServer } from '../view/viewServer.ts';
import { bigRunFolder } from './bigRun.ts';
import { p50 } from './steps.ts';

export interface RunsAtScaleFigures {
  episodes: number;
  buildMs: number;
  buildSamplesMs: number[];
  /**
   * CPU time of each sample (every thread of the process, user and system): what the build costs
   * whatever else the machine runs, where the wall time on a busy machine says more about the others.
   */
  buildCpuSamplesMs: number[];
  verified: boolean;
  viewerListMs: number;
  viewerReplayMs: number;
  viewerSamplesMs: number[];
  /** Time between frames while the list scrolls a page every frame (p50, and the slowest; 16.7 ms is 60 fps). */
  scrollFrameMs: number;
  scrollFrameMaxMs: number;
}

const SAMPLES = 3;
const SCROLL_STEPS = 40;
/**
 * In the page before anything else runs: when the first episode row is in the DOM and when the
 * first screenshot has loaded, in ms since navigation began (the page's own clock, no round trips).
 */
const FIRST_RENDER_SCRIPT = `new MutationObserver((_, obs) => {
  if (!window.__firstRow && document.querySelector('[role="listbox"] [role="option"]')) window.__firstRow = performance.now();
  const img = document.querySelector('.screen img, img[alt]');
  if (img && !window.__firstScreen) {
    const done = () => { window.__firstScreen = window.__firstScreen || performance.now(); };
    if (img.complete && img.naturalWidth) done(); else img.addEventListener('load', done, { once: true });
  }
  if (window.__firstRow && window.__firstScreen) obs.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/**
 * The two marks once both are set. Polled with evaluate (the DevTools protocol's own evaluation):
 * waitForFunction evaluates its text with eval in the page, which the viewer's CSP forbids.
 */
export async function marksOf(page: Page): Promise<[number, number]> {
  for (;;) {
    const m = (await page.evaluate('window.__firstRow && window.__firstScreen ? [window.__firstRow, window.__firstScreen] : null')) as [number, number] | null;
    if (m) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** In the page (as text: the bench runs under tsx, whose helpers a function sent to the page would not find). */
const SCROLL_SCRIPT = `new Promise((resolve) => {
  const box = document.querySelector('[role="listbox"]');
  const out = [];
  let prev = 0;
  const frame = (now) => {
    if (prev) out.push(now - prev);
    prev = now;
    if (out.length >= STEPS) return resolve(out);
    box.scrollTop += box.clientHeight;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** The viewer's figures on the big folder, in Chromium. */
async function viewerFigures(big: string, n: number, webDir: string, log: (s: string) => void): Promise<Pick<RunsAtScaleFigures, 'viewerListMs' | 'viewerReplayMs' | 'viewerSamplesMs' | 'scrollFrameMs' | 'scrollFrameMaxMs'>> {
  const server = await startViewServer(big, { webDir });
  const browser = await launchChromium();
  const list: number[] = [];
  const replay: number[] = [];
  const frames: number[] = [];
  try {
    for (let i = 0; i < SAMPLES + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(FIRST_RENDER_SCRIPT);
      await page.goto(server.url);
      await page.locator('[role="listbox"] [role="option"]').first().waitFor({ state: 'visible' });
      await page.locator('.screen img, img[alt]').first().waitFor({ state: 'visible' });
      const marks = marksOf(page);
      const [tl, tr] = await marks;
      if (i > 0) {
        list.push(tl);
        replay.push(tr);
      } else {
        // Scrolling the list, a page a step, each step to its next painted frame.
        frames.push(
          ...((await page.evaluate(SCROLL_SCRIPT.replace('STEPS', String(SCROLL_STEPS)))) as number[]),
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  log(`viewer on ${n} episodes: list ${p50(list).toFixed(0)} ms, replay ${p50(replay).toFixed(0)} ms, scroll frame ${p50(frames).toFixed(1)} ms`);
  return { viewerListMs: p50(list), viewerReplayMs: p50(replay), viewerSamplesMs: list, scrollFrameMs: p50(frames), scrollFrameMaxMs: Math.max(...frames) };
}

/**
 * The big folder under `root`, made there unless an earlier bench left a complete one of
 * `episodes` rows (its meta.json is written last); returns its path and how many episodes it holds.
 */
async function bigFolderIn(root: string, episodes: number, log: (s: string) => void): Promise<{ big: string; n: number }> {
  const big = join(root, 'big');
  const meta = join(big, 'meta.json');
  if (existsSync(meta)) {
    const held = (JSON.parse(readFileSync(meta, 'utf8')) as { episodes?: number }).episodes;
    if (held === episodes) {
      log(`runs at scale: reusing the ${held}-episode folder ${big}`);
      return { big, n: held };
    }
  }
  log('runs at scale: the oracle on the whole suite, as the seed run of a 10,000-episode folder');
  const src = join(root, 'oracle');
  rmSync(src, { recursive: true, force: true });
  rmSync(big, { recursive: true, force: true });
  await runEvaluation({ ...DEFAULT_CONFIG, parallel: 2, sampleSeed: 20261202, runDir: src }, { log: () => {} });
  return { big, n: bigRunFolder(src, big, episodes) };
}

export async function runsAtScale(episodes: number, webDir: string, log: (s: string) => void): Promise<RunsAtScaleFigures> {
  const kept = process.env.BENCH_RUNS_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const root = kept ?? mkdtempSync(join(tmpdir(), 'phonegym-bench-runs-'));
  // The sites beside the run folder, as the builder's hard links would have them (one disk).
  const sites = mkdtempSync(join(root, 'sites-'));
  const buildOnly = process.env.BENCH_RUNS_PARTS === 'build';
  try {
    const { big, n } = await bigFolderIn(root, episodes, log);
    const registry = await loadRegistry();
    const build = async (i: number) => {
      const t = performance.now();
      const cpu = process.cpuUsage();
      const site = await buildSite({ dirs: [big], out: join(sites, `site${i}`), registry, webDir, reproduce: (e) => reproduceCommand(configOfRun(e.meta), e.meta.sample_seed) });
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000, verified: site.entries[0]?.check.provenance === 'verified' && site.refused.length === 0 };
    };
    await build(0);
    const builds: { ms: number; cpuMs: number; verified: boolean }[] = [];
    for (let i = 1; i <= SAMPLES; i++) {
      builds.push(await build(i));
      log(`leaderboard from ${n} episodes: ${(builds.at(-1)!.ms / 1000).toFixed(2)} s (CPU ${(builds.at(-1)!.cpuMs / 1000).toFixed(2)} s)`);
    }

    const viewer = buildOnly ? null : await viewerFigures(big, n, webDir, log);
    return {
      episodes: n,
      buildMs: p50(builds.map((b) => b.ms)),
      buildSamplesMs: builds.map((b) => b.ms),
      buildCpuSamplesMs: builds.map((b) => b.cpuMs),
      verified: builds.every((b) => b.verified),
      ...(viewer ?? { viewerListMs: NaN, viewerReplayMs: NaN, viewerSamplesMs: [], scrollFrameMs: NaN, scrollFrameMaxMs: NaN }),
    };
  } finally {
    rmSync(sites, { recursive: true, force: true });
    if (!kept) rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureWebBuild } = await import('../build/webBuild.ts');
  const web = await ensureWebBuild({ log: (s) => console.error(s) });
  const f = await runsAtScale(10_000, web.dir, (l) => console.error(l));
  console.log(JSON.stringify(f));
}
