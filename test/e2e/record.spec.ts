/**
 * Record a demonstration as the oracle (issue 14, point 4), in Chromium against a real bridge:
 * a copy of chat.SendMessage in a temporary task root; in Author mode the author records the
 * task by hand in the interactive phone, sees the steps as the task API's actions with the
 * task's parameters, judges it, saves it as the copy's oracle (after choosing to replace the
 * copy's own) and `phonegym verify` passes on seeds 1-3. A recording that stops short fails
 * verify, with the reason shown.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT, WEB_DIST } from '../../bridge/paths.ts';
import { StudioSession } from '../../bridge/runner/studioSession.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';

const TASK = 'chat/SendMessage.ts';

/** A task root holding a copy of one task file, its relative imports pointing back at the repo. */
function copyTask(rel: string): string {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-record-'));
  const from = join(REPO_ROOT, 'tasks', rel);
  const text = readFileSync(from, 'utf8').replace(/from '(\.{1,2}\/[^']+)'/g, (_m, spec: string) => `from ${JSON.stringify(resolve(dirname(from), spec))}`);
  mkdirSync(join(root, dirname(rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
  // Outside the repo, a folder of ES modules says so.
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  return root;
}

/** Screenshots at both sizes; `focus` is what the studio scrolled into view when it appeared. */
async function shots(page: Page, name: string, focus: Locator): Promise<void> {
  for (const [w, h] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('record a demonstration, save it as the oracle of a copy, verify passes on seeds 1-3; one stopping short fails', async ({ page }) => {
  test.setTimeout(600_000);
  const root = copyTask(TASK);
  const registry = await loadRegistry({ root, strict: true });
  const bridge = await BridgeServer.start({ staticDir: WEB_DIST });
  new StudioSession(bridge, registry, undefined);
  try {
    await page.goto(bridge.studioUrl());
    await page.getByRole('radio', { name: 'Author' }).or(page.getByRole('button', { name: 'Author' })).first().click();
    await page.locator('[data-task="chat.SendMessage"]').click();
    // Seed 6 puts the chat 21st in the list, below the fold: the author has to scroll to it.
    await page.getByPlaceholder(/default|seed/i).first().fill('6');
    await page.getByRole('button', { name: /Record/ }).click();
    await expect(page.getByText('recording', { exact: true })).toBeVisible({ timeout: 30_000 });

    const { params } = prepareInstance(registry.tasks.find((t) => t.id === 'chat.SendMessage')!, 6);
    const text = String(params.text);
    await expect(page.getByText(String(params.contactName)).first()).toBeVisible();

    // Like a person: swipe the chat list until the chat shows, tap it, the input, the message, 发送.
    const phone = page.frameLocator('iframe');
    const row = phone.locator(`[data-ui="chat.item.${params.chatId}"]`);
    const list = phone.locator('[data-ui="chat.list"]');
    // The list draws a screenful and more as it scrolls (RenderWindow): a row far down is not in
    // the page until the swipes bring it near, so look for it before measuring it.
    for (let i = 0; i < 20; i++) {
      const l = (await list.boundingBox())!;
      const r = (await row.count()) ? await row.boundingBox() : null;
      if (r && r.y >= l.y && r.y + r.height <= l.y + l.height) break;
      const x = l.x + l.width / 2;
      await page.mouse.move(x, l.y + l.height * 0.75);
      await page.mouse.down();
      for (let k = 1; k <= 8; k++) await page.mouse.move(x, l.y + l.height * (0.75 - 0.05 * k));
      await page.mouse.move(x, l.y + l.height * 0.35); // the finger rests: no fling
      await page.mouse.up();
    }
    await row.click();
    await phone.locator('[data-ui="chat.input"]').click();
    await page.keyboard.type(text);
    await phone.locator('[data-ui="chat.send"]').click();

    // The steps, live: keys with the chat's id and the typed text as parameters, never points.
    const steps = page.locator('[data-demo-step] code');
    await expect(steps).toHaveText(['scroll to chat.item.{chatId} in chat.list', 'tap chat.item.{chatId}', 'type "{text}" into chat.input', 'tap chat.send']);
    await page.getByRole('button', { name: 'Judge' }).click();
    await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 30_000 });
    await shots(page, 'record-recording', page.getByRole('region', { name: 'Record as oracle' }));

    // The copy has its own oracle: saving over it needs the author's choice.
    await page.getByRole('button', { name: /Stop/ }).click();
    await page.getByRole('button', { name: 'Save as oracle' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /has its own oracle\(ui, p\) in chat\/SendMessage\.ts/ })).toBeVisible();
    await shots(page, 'record-refused', page.getByRole('alert').last());
    await page.getByLabel(/Replace its own/).check();
    await page.getByRole('button', { name: 'Save as oracle' }).click();
    await expect(page.getByText('Saved 4 steps to chat/SendMessage.demo.json')).toBeVisible();

    const saved = JSON.parse(readFileSync(join(root, 'chat/SendMessage.demo.json'), 'utf8'));
    expect(saved).toMatchObject({ format: 'phonegym.demo/1', task: 'chat.SendMessage', replacesOracle: true, recorded: { seed: 6, params: { chatId: params.chatId, text } } });
    expect(saved.steps).toEqual([
      { scrollTo: 'chat.item.{chatId}', within: 'chat.list' },
      { tap: 'chat.item.{chatId}', within: 'chat.list' },
      { type: '{text}', into: 'chat.input' },
      { tap: 'chat.send' },
    ]);
    // The registry now takes the recording as the copy's oracle.
    expect((await loadRegistry({ root })).tasks[0]!.demo).toEqual({ file: 'chat/SendMessage.demo.json', replaces: true });

    for (const seed of [1, 2, 3]) await expect(page.locator(`[data-verify-seed="${seed}"]`)).toContainText(`seed ${seed} passed`, { timeout: 300_000 });
    await expect(page.getByText('all passed')).toBeVisible();
    await shots(page, 'record-verified', page.getByRole('region', { name: 'Verify' }));

    // Stopping short: without 发送 the message is never sent, and verify says so per seed.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(steps).toHaveText(['scroll to chat.item.{chatId} in chat.list', 'tap chat.item.{chatId}', 'type "{text}" into chat.input']);
    await page.getByRole('button', { name: 'Save as oracle' }).click();
    await expect(page.getByText('Saved 3 steps to chat/SendMessage.demo.json')).toBeVisible();
    for (const seed of [1, 2, 3]) {
      const row = page.locator(`[data-verify-seed="${seed}"]`);
      await expect(row).toContainText(`seed ${seed} failed`, { timeout: 300_000 });
      await expect(row).toContainText(/oracle: the oracle did not pass: goal not met: one new message from me/);
    }
    await shots(page, 'record-failed', page.getByRole('region', { name: 'Verify' }));
  } finally {
    await bridge.close();
    rmSync(root, { recursive: true, force: true });
  }
});
