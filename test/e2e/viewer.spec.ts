/**
 * The run viewer (`phonegym view`) on real run folders: the episodes and their filters, an episode
 * replayed to its last step with its goals and diff, keyboard navigation and links to a step,
 * added records as field tables with their dates and times (the clock apart), and run-folder
 * content shown as data (a `<script>` task name as text, a `../` trajectory refused).
 */
import { expect, test, type Page } from '@playwright/test';
import { recordDialogs } from './phonePage.ts';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { instanceSeed } from '../../bridge/tasks/seeds.ts';
import { startViewServer, type ViewServer } from '../../bridge/view/viewServer.ts';
import { bigRunFolder } from '../../bridge/bench/bigRun.ts';
import { createServer, get, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

const root = mkdtempSync(join(tmpdir(), 'phonegym-viewer-'));
let server: ViewServer;
let hostile: ViewServer;
let records: ViewServer;
let big: ViewServer;

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
  // Episodes that add records: a calendar event (dates) and a chat message (a timestamp).
  const added = join(root, 'records');
  await runEvaluation({ ...DEFAULT_CONFIG, taskIds: ['calendar.CreateEvent', 'chat.SendMessage'], sampleSeed: 1, runDir: added }, { log: () => {} });
  records = await startViewServer(added, { webDir: web.dir });
  // 1,000 episodes: the rows come in several batches.
  const many = join(root, 'many');
  bigRunFolder(dir, many, 1000);
  big = await startViewServer(many, { webDir: web.dir });
});

test.afterAll(async () => {
  await server?.close();
  await hostile?.close();
  await records?.close();
  await big?.close();
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
  await expect(page.getByLabel('Step', { exact: true })).not.toHaveValue('0');
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

test('an added record reads as a table of its fields, times as dates, the clock in a line apart', async ({ page }) => {
  const registry = await loadRegistry();
  const paramsOf = (id: string) => prepareInstance(registry.tasks.find((t) => t.id === id)!, instanceSeed(1, id, 0)).params;
  const event = paramsOf('calendar.CreateEvent');
  await page.goto(records.url);
  await episodes(page).filter({ hasText: /calendar\.CreateEvent/ }).click();
  await page.getByRole('tab', { name: 'Diff' }).click();
  const record = page.locator('li[data-change^="apps.calendar.events["]');
  await expect(record.locator('.what')).toHaveText(/^new record · \d+ fields$/);
  const cell = (key: string) => record.locator(`tr[data-field="${key}"] td`);
  await expect(cell('title')).toHaveText(String(event.title));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${event.date}T00:00:00Z`).getUTCDay()];
  await expect(cell('startDate')).toHaveText(`${event.date}${weekday}`);
  await expect(cell('startTime')).toHaveText(String(event.start));
  await expect(page.locator('.clock')).toHaveText(/^The phone's clock moved from \d\d:\d\d(:\d\d)? to \d\d:\d\d(:\d\d)? \(\+[\d a-z]+\)\.$/);
  await expect(page.locator('.group')).not.toContainText('os.time');
  await expect(page.locator('.summary')).toContainText('1 expected');
  await page.screenshot({ path: test.info().outputPath('viewer-diff-record.png') });

  // A message's `time` (epoch ms) as the phone's wall clock; the raw number in its tooltip.
  await episodes(page).filter({ hasText: /chat\.SendMessage/ }).click();
  await page.getByRole('tab', { name: 'Diff' }).click();
  const time = page.locator('li[data-change*="].messages["] tr[data-field="time"] td .v');
  await expect(time).toHaveText(/^2026-03-14 \d\d:\d\d(:\d\d)?$/);
  const raw = Number((await time.getAttribute('title'))!.split(' ')[0]);
  const shanghai = new Date(raw + 8 * 3_600_000).toISOString();
  await expect(time).toHaveText(`${shanghai.slice(0, 10)} ${shanghai.slice(11, 16)}${shanghai.slice(17, 19) === '00' ? '' : shanghai.slice(16, 19)}`);
  // The clock line ends where the message was sent or later.
  const to = (await page.locator('.clock').textContent())!.match(/ to (\d\d:\d\d)/)![1]!;
  expect(to >= shanghai.slice(11, 16)).toBe(true);
});

test('opens a large run with its first rows and reads the rest as they come; a link to a late episode waits for its row', async ({ page }) => {
  await page.goto(`${big.url}#ep=${encodeURIComponent('wallet.ReadBalance#0#249')}&step=1`);
  await expect(page.getByText('1000 episodes', { exact: true })).toBeVisible();
  await expect(page.getByText('(reading…)')).toHaveCount(0);
  await expect(selected(page)).toHaveAttribute('data-episode', 'wallet.ReadBalance #0 t249');
  await expect(page.getByLabel('Step', { exact: true })).toHaveValue('1');
  await expect(page.getByText(/ · 1000 of \d+ episodes · SR/)).toBeVisible();
  // The rows go gzipped to a client that takes gzip, as plain text to one that does not: the same rows.
  const raw = (encoding?: string) =>
    new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${big.url}data/rows.jsonl`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
      }).on('error', reject);
    });
  const [zipped, plain] = await Promise.all([raw('gzip, deflate, br'), raw()]);
  expect([zipped.encoding, plain.encoding]).toEqual(['gzip', undefined]);
  expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  expect(plain.body.toString().trim().split('\n')).toHaveLength(1000);
  expect(zipped.body.length).toBeLessThan(plain.body.length / 5);
});

test('a bad line further down a large rows file keeps the rows before it and says which line is wrong', async ({ page }) => {
  // A static host serving the rows in pieces, the 700th line broken (the view server itself checks rows before serving them).
  const text = (await (await fetch(`${big.url}data/rows.jsonl`)).text()).split('\n');
  text[699] = '{"task_id": broken';
  const body = text.join('\n');
  const host: Server = createServer(async (req, res) => {
    if (req.url?.startsWith('/data/rows.jsonl')) {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      const cut = body.indexOf('\n', Math.floor(body.length / 3)) + 1;
      res.write(body.slice(0, cut));
      await new Promise((r) => setTimeout(r, 400));
      res.end(body.slice(cut));
      return;
    }
    // Anything else from the view server; a request still in flight when the test ends is dropped, not thrown.
    try {
      const upstream = await fetch(`${big.url}${req.url!.slice(1)}`);
      res.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([k]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(k))));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  try {
    const port = (host.address() as { port: number }).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole('alert')).toContainText(/Only the first \d+ rows are shown: rows\.jsonl:700: not a JSON line/);
    await expect(episodes(page).first()).toBeVisible();
    await expect(page.getByText('(reading…)')).toHaveCount(0);
  } finally {
    host.closeAllConnections();
    host.close();
  }
});
