/**
 * The studio against a real run: the live phone, the state tree and the diff are shown while
 * the oracle works, each episode ends with its verdict; in Author mode a person sets a task up,
 * acts in the interactive phone and judges it (and a stray change makes it unclean).
 */
import { missingGlyphs } from './phonePage.ts';
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { instanceSeed } from '../../bridge/tasks/seeds.ts';

test.use({ viewport: { width: 1440, height: 1000 } });

function startRun(taskIds: string[]) {
  let studioUrl = '';
  let release: () => void = () => {};
  const keepOpenUntil = new Promise<void>((r) => (release = r));
  const done = runEvaluation(
    { ...DEFAULT_CONFIG, taskIds, agent: 'oracle', studio: true, keepOpen: true, studioWait: 30, pace: 250, sampleSeed: 5, runDir: join(mkdtempSync(join(tmpdir(), 'phonegym-studio-')), 'run') },
    {
      log: (line) => {
        const m = /studio: (http\S+)/.exec(line);
        if (m) studioUrl = m[1];
      },
      keepOpenUntil,
    },
  );
  return { url: () => studioUrl, release: () => release(), done };
}

/** A studio beside a one-task run, switched to Author mode (the studio's own phone, any task). */
async function openAuthorMode(page: Page) {
  const run = startRun(['chat.ReadMyAccountId']);
  await expect.poll(run.url, { timeout: 60_000 }).toMatch(/studio\.html/);
  await page.goto(run.url());
  await page.getByRole('radio', { name: 'Author' }).or(page.getByRole('button', { name: 'Author' })).first().click();
  return run;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('watch mode shows the live phone, the state tree, the diff and the verdicts', async ({ page }) => {
  test.setTimeout(180_000);
  const run = startRun(['chat.PinChat', 'chat.SendMessage']);
  await expect.poll(run.url, { timeout: 60_000 }).toMatch(/studio\.html\?token=/);
  await page.goto(run.url());

  // The first episode starts once the studio watches; the phone shows the agent's page.
  const phone = page.getByAltText("The phone's screen");
  await expect(phone).toBeVisible({ timeout: 60_000 });
  await expect(phone).toHaveAttribute('src', /^(data:image\/jpeg|blob:)/);
  await expect(page.locator('[data-episode]').first()).toBeVisible();

  // The state tree shows the phone's JSON.
  await page.getByRole('tab', { name: 'State' }).click();
  await expect(page.locator('[data-path="apps"]').first()).toBeVisible();
  await shot(page, 'watch-live');

  // Both episodes end passed; the diff of PinChat shows its expected change and no unexpected one.
  await expect(page.locator('[data-episode]')).toHaveCount(2, { timeout: 120_000 });
  await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 120_000 });
  await page.locator('[data-episode^="chat.PinChat"]').click();
  await page.getByRole('tab', { name: /Diff/ }).click();
  await expect(page.getByText(/\.pinned/).first()).toBeVisible();
  await expect(page.getByText('No unexpected changes').first()).toBeVisible();
  await shot(page, 'watch-diff');
  // A diff row's id path reveals that chat's record in the state tree, expanded, its leaf selected.
  const pinnedPath = (await page.locator('button.path', { hasText: /\.pinned$/ }).first().textContent())!;
  expect(pinnedPath).toMatch(/^apps\.chat\.chats\[c_\d+\]\.pinned$/);
  await page.locator('button.path', { hasText: pinnedPath }).first().click();
  const pinnedRow = page.locator(`[role="treeitem"][data-path="${pinnedPath}"]`);
  await expect(pinnedRow).toHaveAttribute('aria-selected', 'true');
  await expect(pinnedRow).toContainText('true');
  await expect(page.locator(`[role="treeitem"][data-path="${pinnedPath.replace(/\.pinned$/, '')}"]`)).toHaveAttribute('aria-expanded', 'true');
  await shot(page, 'watch-reveal');

  await page.getByRole('tab', { name: /Goals/ }).click();
  // PinChat's goal is declarative: its criterion is named by the state path it checks (the hidden
  // state tree's footer also shows the path selected there).
  await expect(page.getByText(/apps\.chat\.chats\[c_\d+\]\.pinned/).filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'watch-goals');
  // The goal's path reveals the same leaf.
  await page.getByRole('tab', { name: 'State' }).click();
  await page.locator('[role="treeitem"][data-path="apps"]').click();
  await page.getByRole('tab', { name: /Goals/ }).click();
  await page.getByRole('button', { name: /apps\.chat\.chats\[c_\d+\]\.pinned/ }).first().click();
  await expect(pinnedRow).toHaveAttribute('aria-selected', 'true');

  run.release();
  const outcome = await run.done;
  expect(outcome.summary.success_rate).toBe(1);
});

test('author mode: set up, act by hand, judge; a stray change makes it unclean', async ({ page }) => {
  test.setTimeout(180_000);
  const run = await openAuthorMode(page);

  await page.locator('[data-task="chat.PinChat"]').click();
  await page.getByPlaceholder(/default|seed/i).first().fill('5');
  await page.getByRole('button', { name: /^Set up/ }).click();

  const registry = await loadRegistry();
  const { params } = prepareInstance(registry.tasks.find((t) => t.id === 'chat.PinChat')!, 5);
  await expect(page.getByText(String(params.contactName)).first()).toBeVisible({ timeout: 30_000 });
  // The goal is Chinese, drawn from the studio's bundled face (the CI machine has no CJK font).
  expect(await missingGlyphs(page, 'p.goal')).toEqual([]);

  // Act in the interactive phone like a person: chat list → conversation → ⋯ → pin switch.
  const phone = page.frameLocator('iframe');
  const row = phone.locator(`[data-ui="chat.item.${params.chatId}"]`);
  // The list renders a screenful and more as it scrolls (RenderWindow): scroll until the row exists.
  const list = phone.locator('[data-ui="chat.list"]');
  for (let i = 0; i < 30 && (await row.count()) === 0; i++) await list.evaluate((el) => el.scrollBy(0, 300));
  await row.scrollIntoViewIfNeeded();
  await row.click();
  await phone.locator('[data-ui="chat.more"]').click();
  await phone.locator('[data-ui="chat.settings.pin"]').click();
  await page.getByRole('button', { name: 'Judge' }).click();
  await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'author-passed');

  // A stray change: also mute the chat. The goal is still met, but the run is unclean.
  await phone.locator('[data-ui="chat.settings.mute"]').click();
  await page.getByRole('button', { name: 'Judge' }).click();
  await expect(page.getByText('UNCLEAN').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /Diff/ }).click();
  await expect(page.getByText(/\.muted/).first()).toBeVisible();
  await shot(page, 'author-unclean');

  // The same instance in another look (--variant): drawn dark and larger, the same chat in it.
  await page.getByLabel('Look').selectOption('1');
  await page.getByRole('button', { name: /^Set up/ }).click();
  await expect(page.getByText(/seed 5 · look 1/)).toBeVisible({ timeout: 30_000 });
  await expect(phone.locator('.pg-app-frame.pg-looked')).toBeVisible();
  await shot(page, 'author-look1');

  run.release();
  await run.done;
});

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = (date: string) => WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()];

test('the diff of an event the oracle adds: a table of its fields with their days, the clock apart', async ({ page }) => {
  test.setTimeout(180_000);
  const run = startRun(['calendar.CreateEvent']);
  await expect.poll(run.url, { timeout: 60_000 }).toMatch(/studio\.html\?token=/);
  await page.goto(run.url());
  const registry = await loadRegistry();
  const { params } = prepareInstance(registry.tasks.find((t) => t.id === 'calendar.CreateEvent')!, instanceSeed(5, 'calendar.CreateEvent', 0));

  await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 120_000 });
  await page.locator('[data-episode^="calendar.CreateEvent"]').click();
  await page.getByRole('tab', { name: /Diff/ }).click();
  const record = page.locator('li[data-change^="apps.calendar.events["]');
  await expect(record).toHaveCount(1);
  await expect(record.locator('.what')).toHaveText(/^new record · \d+ fields$/);
  const cell = (key: string) => record.locator(`tr[data-field="${key}"] td`);
  await expect(cell('title')).toHaveText(String(params.title));
  await expect(cell('place')).toHaveText(String(params.place));
  await expect(cell('startDate')).toHaveText(`${params.date}${weekdayOf(String(params.date))}`);
  await expect(cell('startTime')).toHaveText(String(params.start));
  await expect(cell('endTime')).toHaveText(String(params.end));
  await expect(record.locator('.empties')).toContainText('notes');
  // The clock is one quiet line, not an expected change, not counted.
  await expect(page.locator('.diff .clock')).toHaveText(/^The phone's clock moved from \d\d:\d\d(:\d\d)? to \d\d:\d\d(:\d\d)? \(\+[\d a-z]+\)\.$/);
  await expect(page.locator('.diff .group')).not.toContainText('os.time');
  await expect(page.locator('.diff .summary')).toContainText('0 unexpected');
  await expect(page.locator('.diff .summary')).toContainText('1 expected');
  expect(await missingGlyphs(page, 'table.record')).toEqual([]);
  await shot(page, 'watch-diff-record');

  // A field of the record opens at that field in the state tree.
  await record.locator('tr[data-field="title"] button.field').click();
  const titleRow = page.locator('[role="treeitem"][data-path$="].title"][aria-selected="true"]');
  await expect(titleRow).toHaveAttribute('data-path', /^apps\.calendar\.events\[e_\d+\]\.title$/);
  await expect(titleRow).toContainText(String(params.title));

  run.release();
  await run.done;
});

test('author mode: a message sent by hand is a record with its time in the phone zone', async ({ page }) => {
  test.setTimeout(180_000);
  const run = await openAuthorMode(page);

  // The task list shows goals as templates and ids whole.
  const item = page.locator('[data-task="calendar.CreateEvent"]');
  // The first list of a bridge samples the goals that format their parameters: it may take a moment.
  await expect(item.locator('.goal')).toHaveText('在日历中新建日程“‹title›”：‹date› ‹start›-‹end›，地点“‹place›”。', { timeout: 30_000 });
  await expect(item.locator('.name')).toHaveText('calendar.CreateEvent');
  await expect(page.locator('[data-task] .goal').filter({ hasText: /undefined|NaN/ })).toHaveCount(0);
  await shot(page, 'author-task-list');

  await page.locator('[data-task="chat.SendMessage"]').click();
  await page.getByPlaceholder(/default|seed/i).first().fill('7');
  await page.getByRole('button', { name: /^Set up/ }).click();
  const registry = await loadRegistry();
  const { params, state } = prepareInstance(registry.tasks.find((t) => t.id === 'chat.SendMessage')!, 7);
  await expect(page.getByText(String(params.contactName)).first()).toBeVisible({ timeout: 30_000 });

  const phone = page.frameLocator('iframe');
  const row = phone.locator(`[data-ui="chat.item.${params.chatId}"]`);
  // The list renders a screenful and more as it scrolls (RenderWindow): scroll until the row exists.
  const list = phone.locator('[data-ui="chat.list"]');
  for (let i = 0; i < 30 && (await row.count()) === 0; i++) await list.evaluate((el) => el.scrollBy(0, 300));
  await row.scrollIntoViewIfNeeded();
  await row.click();
  await phone.locator('[data-ui="chat.input"]').fill(String(params.text));
  await phone.locator('[data-ui="chat.send"]').click();
  await page.getByRole('button', { name: 'Judge' }).click();
  await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /Diff/ }).click();

  const record = page.locator(`li[data-change^="apps.chat.chats[${params.chatId}].messages["]`);
  await expect(record).toHaveCount(1);
  await expect(record.locator('tr[data-field="text"] td')).toHaveText(String(params.text));
  // Sent now: the phone's clock, as its status bar reads it (Asia/Shanghai), with the raw number in the tooltip.
  const time = record.locator('tr[data-field="time"] td .v');
  await expect(time).toHaveText(/^2026-03-14 \d\d:\d\d(:\d\d)?$/);
  const raw = Number((await time.getAttribute('title'))!.split(' ')[0]);
  expect(raw).toBeGreaterThanOrEqual(state.os.time.timestamp);
  const shanghai = new Date(raw + 8 * 3_600_000).toISOString();
  await expect(time).toHaveText(`${shanghai.slice(0, 10)} ${shanghai.slice(11, 16)}${shanghai.slice(17, 19) === '00' ? '' : shanghai.slice(16, 19)}`);
  await expect(record.locator('tr[data-field="time"] td .note')).toHaveText('Sat');
  await expect(page.locator('.diff .group')).not.toContainText('os.time');
  await shot(page, 'author-diff-record');

  // The record's path opens at the message in the state tree.
  await record.locator('button.path').click();
  await expect(page.locator(`[role="treeitem"][aria-selected="true"]`)).toHaveAttribute('data-path', /^apps\.chat\.chats\[\w+\]\.messages\[m_\w+\]$/);

  run.release();
  await run.done;
});
