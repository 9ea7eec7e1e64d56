/**
 * The run viewer (`phonegym view`) on real run folders: the episodes and their filters, an episode
 * replayed to its last step with its goals and diff, keyboard navigation and links to a step, and
 * run-folder content shown as data (a `<script>` task name as text, a `../` trajectory refused).
 */
import { expect, test, type Page } from '@playwright/test';
import { recordDialogs } from './phonePage.ts';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { startViewServer, type ViewServer } from '../../bridge/view/viewServer.ts';

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

const root = mkdtempSync(join(tmpdir(), 'phonegym-viewer-'));
let server: ViewServer;
let hostile: ViewServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const web = await ensureWebBuild();
  const dir = join(root, 'run');
  await runEvaluation({ ...DEFAULT_CONFIG, taskIds: ['chat.PinChat', 'wallet.ReadBalance'], repeatN: 2, sampleSeed: 4, runDir: dir }, { log: () => {} });
  server = await startViewServer(dir, { webDir: web.dir });
  // A copy whose rows carry markup and a path out of the folder.
  const bad = join(root, 'hostile');
  cpSync(dir, bad, { recursive: true });
  const file = join(bad, 'results.jsonl');
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  rows[0] = { ...rows[0], task_id: '<script>alert(1)</script>', goal: '<img src=x onerror=alert(2)>' };
  rows[1] = { ...rows[1], trajectory: 'trajectory/../../../etc' };
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  hostile = await startViewServer(bad, { webDir: web.dir });
});

test.afterAll(async () => {
  await server?.close();
  await hostile?.close();
});

const episodes = (page: Page) => page.getByRole('listbox', { name: 'Episodes' }).getByRole('option');
const selected = (page: Page) => page.getByRole('listbox', { name: 'Episodes' }).locator('[aria-selected="true"]');

test('lists the episodes, filters them, and replays one to its last step with its goals and diff', async ({ page }) => {
  await page.goto(server.url);
  await expect(episodes(page)).toHaveCount(4);
  await expect(page.getByText('4 episodes', { exact: true })).toBeVisible();
  await page.getByPlaceholder('Filter by task or goal').fill('wallet');
  await expect(episodes(page)).toHaveCount(2);
  await expect(page.getByText('2 of 4 episodes')).toBeVisible();
  await page.getByPlaceholder('Filter by task or goal').fill('');
  await page.getByLabel('Outcome').selectOption('failed');
  await expect(page.getByText('No episode matches these filters.')).toBeVisible();
  await page.getByLabel('Outcome').selectOption('');

  await episodes(page).filter({ hasText: /chat\.PinChat #0 t1/ }).click();
  await expect(page.getByRole('heading', { name: 'chat.PinChat #0 t1' })).toBeVisible();
  await expect(page.getByRole('img', { name: /The screen step 1 acted on/ })).toBeVisible();
  // To the end with the keyboard: the last frame, and what the last steps changed on the way.
  const step = page.getByLabel('Step', { exact: true });
  const last = Number(await step.getAttribute('max'));
  expect(last).toBeGreaterThan(2);
  for (let i = 0; i < last; i++) await page.keyboard.press('ArrowRight');
  await expect(step).toHaveValue(String(last));
  await expect(page.getByText(/The end of the episode/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#ep=chat\\.PinChat%230%231&step=${last}$`));
  // Back through the steps to the one that pinned the chat: its Step tab names the change.
  const pinned = page.locator('.changes').getByText(/apps\.chat\.chats\[\w+\]\.pinned/);
  for (let i = last; i > 0 && (await pinned.count()) === 0; i--) await page.keyboard.press('ArrowLeft');
  await expect(pinned).toBeVisible();

  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.locator('.inspector').getByText('PASSED', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByRole('heading', { name: /^Expected changes/ })).toBeVisible();
  await expect(page.getByText('No unexpected changes: the run is clean.', { exact: false })).toBeVisible();
  await expect(page.getByText(/apps\.chat\.chats\[\w+\]\.pinned/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('viewer-diff.png') });
});

test('j and k change episode, space plays, and a link opens an episode at its step', async ({ page }) => {
  await page.goto(server.url);
  await expect(selected(page)).toHaveAttribute('data-episode', 'chat.PinChat #0');
  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAttribute('data-episode', 'chat.PinChat #0 t1');
  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAttribute('data-episode', 'wallet.ReadBalance #0');
  await page.keyboard.press('k');
  await expect(selected(page)).toHaveAttribute('data-episode', 'chat.PinChat #0 t1');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByLabel('Step', { exact: true })).not.toHaveValue('0', { timeout: 5000 });
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  await page.goto(`${server.url}#ep=${encodeURIComponent('wallet.ReadBalance#0#1')}&step=2`);
  await expect(selected(page)).toHaveAttribute('data-episode', 'wallet.ReadBalance #0 t1');
  await expect(page.getByLabel('Step', { exact: true })).toHaveValue('2');
  await expect(page.getByText(/^Step 3/)).toBeVisible();
});

test('shows run-folder content as text and reads nothing outside the folder', async ({ page }) => {
  const dialogs = recordDialogs(page);
  await page.goto(hostile.url);
  await expect(episodes(page).filter({ hasText: /<script>alert\(1\)<\/script>/ })).toBeVisible();
  await episodes(page).filter({ hasText: /<script>alert\(1\)<\/script>/ }).click();
  await expect(page.getByText('<img src=x onerror=alert(2)>')).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByText(/names no trajectory folder of the run/).first()).toBeVisible();
  expect(dialogs).toEqual([]);
  const out = await page.request.get(`${hostile.url}data/trajectory/x%2f..%2f..%2f..%2fmeta.json`);
  expect(out.status()).toBe(404);
  const escaped = await page.request.get(`${hostile.url}data/trajectory/%2e%2e/%2e%2e/etc/passwd`);
  expect(escaped.status()).toBe(404);
  await expect(page.locator('img[src^="x"]')).toHaveCount(0);
});
