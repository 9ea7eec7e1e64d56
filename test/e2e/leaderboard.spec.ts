/**
 * The leaderboard site (`phonegym leaderboard build`) on real run folders, served as the static
 * files it is: runs ranked per comparable board, an incomparable run on a board of its own that
 * says why, a tampered row flagged by the builder's re-judging, the charts drawn, run-folder
 * content shown as text, nothing written outside the site, refused folders named, and an episode
 * opened from a task page and replayed to its last step with its diff.
 */
import { expect, test, type Page } from '@playwright/test';
import { missingGlyphs, recordDialogs } from './phonePage.ts';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { reproduceCommand } from '../../bridge/cli/runFlags.ts';
import { startSiteServer } from '../../bridge/leaderboard/serve.ts';
import { buildSite, type SiteResult } from '../../bridge/leaderboard/site.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { configOfRun } from '../../bridge/runner/runFolder.ts';
import type { LocalServer } from '../../bridge/server/staticFiles.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { startFakeOpenAI } from '../helpers/openaiServer.ts';

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

const root = mkdtempSync(join(tmpdir(), 'phonegym-board-'));
const TASKS = ['chat.PinChat', 'wallet.ReadBalance'];
let site: SiteResult;
let server: LocalServer;
let before: string[];

/** A copy of run folder `from` at `to`, its rows passed through `edit` and its run id renamed. */
function tamperedCopy(from: string, to: string, runId: string, edit: (rows: Record<string, unknown>[]) => void): string {
  cpSync(from, to, { recursive: true });
  const file = join(to, 'results.jsonl');
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  edit(rows);
  writeFileSync(file, rows.map((r) => JSON.stringify({ ...r, run_id: runId })).join('\n') + '\n');
  const meta = JSON.parse(readFileSync(join(to, 'meta.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(to, 'meta.json'), JSON.stringify({ ...meta, run_id: runId }, null, 2));
  return to;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const web = await ensureWebBuild();
  const runs = join(root, 'runs');
  const go = async (name: string, c: Partial<RunConfig>) => {
    const runDir = join(runs, name);
    await runEvaluation({ ...DEFAULT_CONFIG, taskIds: TASKS, repeatN: 2, sampleSeed: 4, runDir, ...c }, { log: () => {} });
    return runDir;
  };
  const oracle = await go('oracle', { agent: 'oracle' });
  const noop = await go('noop', { agent: 'noop' });
  const random = await go('random', { agent: 'random' });
  const narrow = await go('narrow', { agent: 'oracle', taskIds: ['chat.PinChat'], repeatN: 1 });
  // A model agent on the local OpenAI-compatible server, with prices: the cost chart's point.
  const model = await startFakeOpenAI((_req, i) => (i % 2 === 0 ? { content: '{"thought": "看看第一行", "action": "tap", "x": 180, "y": 300}', usage: { prompt_tokens: 1200, completion_tokens: 30 } } : { content: '{"thought": "好了", "action": "complete"}', usage: { prompt_tokens: 1300, completion_tokens: 12 } }));
  process.env.PHONEGYM_BOARD_KEY = 'sk-board-test';
  const openai = await go('openai', { agent: 'openai', modelName: 'local-vl', baseUrl: model.baseUrl, apiKeyEnv: 'PHONEGYM_BOARD_KEY', priceIn: 2, priceOut: 8 });
  await model.close();
  // A submitter who claims a pass the phone never saw: the builder's re-judging must flag it.
  const forged = tamperedCopy(noop, join(runs, 'forged'), 'forged', (rows) => Object.assign(rows[0]!, { success: true, passed: true, goal_success: true }));
  // Rows that carry markup and a path out of the folder.
  const hostile = tamperedCopy(random, join(runs, 'hostile'), '<b>hostile</b>', (rows) => {
    rows[0] = { ...rows[0], task_id: '<script>alert(1)</script>', goal: '<img src=x onerror=alert(2)>' };
    rows[1] = { ...rows[1], trajectory: 'trajectory/../../../../escaped' };
  });
  const foreign = join(root, 'foreign');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'meta.json'), '{"hello": "world"}');
  before = readdirSync(root).sort();
  const registry = await loadRegistry();
  site = await buildSite({
    dirs: [oracle, noop, random, openai, narrow, forged, hostile, foreign, join(root, 'missing')],
    out: join(root, 'site'),
    registry,
    webDir: web.dir,
    reproduce: (e) => reproduceCommand(configOfRun(e.meta), e.meta.sample_seed),
  });
  server = await startSiteServer(site.out);
});

test.afterAll(async () => {
  await server?.close();
});

const board = (page: Page, n: number) => page.locator('section.boardsec').nth(n);
const runRow = (page: Page, n: number, slug: string) => board(page, n).locator('tbody tr').filter({ has: page.locator('.sub', { hasText: new RegExp(`^${slug}$`) }) });
const rankedRuns = async (page: Page, n: number) => (await board(page, n).locator('table.board tbody tr td:nth-child(2) .sub').allTextContents()).map((s) => s.trim());
const srs = async (page: Page, n: number) => (await board(page, n).locator('table.board tbody tr td:nth-child(3)').allTextContents()).map((s) => parseFloat(s));

test('ranks comparable runs together, puts an incomparable run on a board that says why, and flags a forged row', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'phonegym leaderboard' })).toBeVisible();
  await expect(page.locator('section.boardsec')).toHaveCount(2);

  const main = await rankedRuns(page, 0);
  expect(main).toHaveLength(6);
  await expect(runRow(page, 0, 'openai').locator('a').first()).toHaveText('openai · local-vl');
  expect(main[0]).toBe('oracle');
  const rates = await srs(page, 0);
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  expect(rates[0]).toBe(100);
  expect(rates[main.indexOf('noop')]).toBe(0);
  // The forged copy's claimed pass lifts it above the honest noop run, and it is flagged.
  expect(main.indexOf('forged')).toBeLessThan(main.indexOf('noop'));
  const forgedRow = runRow(page, 0, 'forged');
  await expect(forgedRow.locator('.badge.bad')).toHaveText('mismatch ×1');
  await expect(forgedRow.locator('.badge.bad')).toHaveAttribute('title', /passed: false here, true in the row/);
  for (const slug of ['oracle', 'noop', 'random', 'openai']) await expect(runRow(page, 0, slug).locator('.badge')).toHaveText('verified');

  await expect(board(page, 1).getByText('Ranked apart from the main board: different task set: 1 vs 2 templates.')).toBeVisible();
  expect(await rankedRuns(page, 1)).toEqual(['narrow']);
  // Costs where prices were given; no cost chart on a board where none were.
  const costCol = (await board(page, 0).locator('thead th').allTextContents()).indexOf('Cost / task') + 1;
  await expect(runRow(page, 0, 'openai').locator(`td:nth-child(${costCol})`)).toHaveText(/^\$\d+\.\d{4}$/);
  await expect(runRow(page, 0, 'oracle').locator(`td:nth-child(${costCol})`)).toHaveText('–');
  await expect(board(page, 1).locator('canvas[data-drawn="cost"]')).toHaveCount(0);
  await expect(board(page, 1).getByText(/No run on this board recorded a cost/)).toBeVisible();

  // pass@k and pass^k columns for the k the runs have; the charts drawn by the chart script.
  await expect(board(page, 0).locator('thead th', { hasText: 'pass^2' })).toHaveCount(1);
  await expect(board(page, 0).locator('canvas[data-drawn="cost"]')).toHaveCount(1);
  await expect(board(page, 0).locator('canvas[data-drawn="suite"]')).toHaveCount(1);
  await expect(board(page, 0).locator('canvas[data-drawn="passhat"]')).toHaveCount(1);
  const painted = await board(page, 0)
    .locator('canvas[data-drawn="cost"]')
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
  expect(painted).toBeGreaterThan(1000);

  // The folders that could not be read, by path and reason; the rest built.
  const refused = page.locator('h2', { hasText: 'Not included' }).locator('xpath=following-sibling::ul[1]');
  await expect(refused.locator('li')).toHaveCount(2);
  await expect(refused).toContainText(join(root, 'foreign'));
  await expect(refused).toContainText(join(root, 'missing'));
  await page.screenshot({ path: test.info().outputPath('leaderboard.png'), fullPage: true });
});

test('shows run-folder content as text and writes nothing outside the site', async ({ page }) => {
  const dialogs = recordDialogs(page);
  await page.goto(server.url);
  const hostileRow = board(page, 0).locator('tbody tr', { hasText: '<b>hostile</b>' });
  await expect(hostileRow).toHaveCount(1);
  await expect(hostileRow.locator('.badge.bad')).toHaveAttribute('title', /not among the builder's tasks|names no trajectory folder/);
  await expect(page.locator('b', { hasText: 'hostile' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Tasks' }).first().click();
  await page.getByRole('link', { name: '<script>alert(1)</script>' }).click();
  await expect(page.getByRole('heading', { name: '<script>alert(1)</script>' })).toBeVisible();
  await expect(page.getByText('<img src=x onerror=alert(2)>')).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  // The `../` trajectory was neither copied nor followed; the run's own folder stayed as it was.
  expect(readdirSync(root).sort()).toEqual([...before, 'site'].sort());
  expect(existsSync(join(root, 'escaped'))).toBe(false);
  const slug = site.entries.find((e) => e.meta.run_id === '<b>hostile</b>')!.slug;
  expect(readdirSync(join(site.out, 'runs', slug, 'trajectory')).length).toBe(site.entries.find((e) => e.slug === slug)!.rows.length - 1);
});

test('a task page opens each episode in the viewer, replayed to its last step with its diff', async ({ page }) => {
  await page.goto(`${server.url}tasks/chat.PinChat.html`);
  await expect(page.getByRole('heading', { name: 'chat.PinChat' })).toBeVisible();
  const oracleRow = page.locator('tbody tr').filter({ has: page.locator('.sub', { hasText: /^oracle$/ }) });
  await expect(oracleRow.locator('td.n').first()).toHaveText('2/2');
  // The goal is Chinese: drawn from the site's bundled face, not boxes, on a machine without CJK fonts.
  expect(await missingGlyphs(page, 'main h1 + p + p')).toEqual([]);
  await oracleRow.locator('a.ep').nth(1).click();
  await expect(page).toHaveURL(/viewer\.html\?run=runs\/oracle\/#ep=chat\.PinChat%230%231&step=0$/);
  await expect(page.getByRole('heading', { name: 'chat.PinChat #0 t1' })).toBeVisible();
  expect(await missingGlyphs(page, 'p.goal')).toEqual([]);
  const step = page.getByLabel('Step', { exact: true });
  const last = Number(await step.getAttribute('max'));
  expect(last).toBeGreaterThan(2);
  for (let i = Number(await step.inputValue()); i < last; i++) await page.keyboard.press('ArrowRight');
  await expect(step).toHaveValue(String(last));
  await expect(page.getByRole('img', { name: 'The last screen' })).toBeVisible();
  await expect(page.getByText(/The end of the episode/)).toBeVisible();
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByText(/apps\.chat\.chats\[\w+\]\.pinned/).first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'wallet.ReadBalance #0' })).toBeVisible();
});
