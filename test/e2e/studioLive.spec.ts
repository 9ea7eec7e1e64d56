/**
 * The studio as a demo is given: four pages running the oracle, the studio watching. Its picture
 * is the very screenshot the agent got at its last step, the grid shows every device, pause,
 * step, stop and the delay act on the run, an author call on a phone of the run is refused (and
 * the episode goes on untouched), and the studio ends with as many episodes as the run folder.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRunFolder } from '../../bridge/runner/runFolder.ts';
import { startStudioRun } from './studioRun.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const TASKS = ['chat.PinChat', 'chat.MuteChat', 'chat.LikeLatestMoment', 'chat.ClearChatHistory', 'chat.PostMoment', 'chat.ReadMyAccountId', 'chat.CreateGroup', 'chat.ReadLastMessage'];

/** An author call over the studio's own socket, from the page (the real WebSocket and token). */
async function studioCall(page: Page, method: string, params: object): Promise<{ ok: boolean; code?: string; message?: string }> {
  return page.evaluate(`new Promise((resolve) => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws/studio?token=' + token);
    ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', protocol: 1, role: 'studio' }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === 'welcome') ws.send(JSON.stringify({ t: 'call', id: 1, method: ${JSON.stringify(method)}, params: ${JSON.stringify(params)} }));
      else if (m.t === 'result' && m.id === 1) { resolve({ ok: true }); ws.close(); }
      else if (m.t === 'error' && m.id === 1) { resolve({ ok: false, code: m.error.code, message: m.error.message }); ws.close(); }
    };
  })`);
}

test('four pages live: the picture is the last step\'s screenshot, controls act on the run, the count matches', async ({ page }) => {
  test.setTimeout(300_000);
  const run = startStudioRun({ taskIds: TASKS, parallel: 4, studioWait: 60, pace: 1500, sampleSeed: 3 });
  const { runDir } = run;
  try {
    await page.goto(await run.studioUrl());
    await expect(page.getByRole('toolbar', { name: 'Run controls' })).toBeVisible({ timeout: 60_000 });

    // The grid: every running device as a tile.
    await page.getByLabel(/All devices/).check();
    await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });

    // Pause; once the shown device waits, its picture is exactly the screenshot of its last step.
    await page.getByRole('button', { name: /Pause/ }).click({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: /Resume/ })).toBeVisible();
    const step = page.getByRole('button', { name: 'Step', exact: true });
    const stop = page.getByRole('button', { name: /Stop episode/ });
    /**
     * Picks a running episode by hand (the view stops following the run) whose device waits at
     * the gate (Step is enabled only then), the one with the fewest steps taken first, and shows
     * all episodes again. Returns its task id.
     */
    const pickWaiting = async (): Promise<string> => {
      await page.getByRole('radio', { name: /^running/ }).click({ timeout: 10_000 });
      // The list read in one go: an episode that ends meanwhile leaves the running filter, and a
      // locator of the n-th item would then wait for an item that is no longer there.
      const order = await page.locator('[data-episode]').evaluateAll((els) => els.map((el) => ({ id: el.getAttribute('data-episode'), n: Number(/(\d+)\/\d+ steps/.exec(el.textContent ?? '')?.[1] ?? 1e9) })));
      order.sort((a, b) => a.n - b.n);
      let picked = false;
      for (const { id } of order) {
        const clicked = await page.locator(`[data-episode="${id}"]`).click({ timeout: 5000 }).then(() => true, () => false);
        if (clicked && (picked = await expect(step).toBeEnabled({ timeout: 5000 }).then(() => true, () => false))) break;
      }
      expect(picked, 'a running episode waits at the gate while paused').toBe(true);
      await page.getByRole('radio', { name: /^all/ }).click({ timeout: 10_000 });
      return (await page.locator('.card .task').textContent({ timeout: 10_000 }))!;
    };
    const taskId = await pickWaiting();
    // Reads with a bound: a card that never shows a step fails here, not at the test's timeout.
    const deviceId = (await page.locator('.card .meta code').textContent({ timeout: 10_000 }))!;
    const last = Number(await page.locator('.log li:not(.gap):not(.end)').last().locator('.n').textContent({ timeout: 20_000 }));
    expect(last).toBeGreaterThan(0);
    const shown = await page.getByRole('img', { name: "The phone's screen" }).getAttribute('src', { timeout: 10_000 });
    const dir = join(runDir, 'trajectory', taskId.replace('.', '_'));
    const onDisk = readFileSync(join(dir, `step_${String(last).padStart(3, '0')}.jpg`)).toString('base64');
    expect(shown).toBe(`data:image/jpeg;base64,${onDisk}`);
    await expect(page.getByRole('status')).toHaveCount(0); // not stale

    // An author call on a phone of the run is refused with the reason.
    const refused = await studioCall(page, 'setupTask', { deviceId, taskId: 'chat.PinChat', seed: 1 });
    expect(refused).toMatchObject({ ok: false, code: 'device_busy' });
    expect(refused.message).toMatch(/is running episode .*Use the studio's own phone/);

    // Step once: the shown device takes exactly one more action.
    await step.click({ timeout: 10_000 });
    await expect(page.locator('.log li:not(.gap):not(.end)').last().locator('.n')).toHaveText(String(last + 1), { timeout: 20_000 });

    // Stop an episode that waits at the gate (paused, it cannot end by itself): this one, unless
    // the step was its last (it then ended, and Stop is disabled), else another one.
    const waitsAgain = await expect(step).toBeEnabled({ timeout: 10_000 }).then(() => true, () => false);
    const stoppedTask = waitsAgain ? taskId : await pickWaiting();
    await stop.click({ timeout: 10_000 });
    await page.getByLabel('Delay per step').selectOption('0');
    await page.getByRole('button', { name: /Resume/ }).click({ timeout: 10_000 });

    const out = await Promise.race([
      (async () => {
        // A failure names the episodes that never ended (and how far the studio saw them get).
        const missing = () => TASKS.filter((t) => !readRunFolder(runDir).rows.some((r) => r.task_id === t));
        await expect
          .poll(async () => (missing().length ? `not ended: ${missing().join(', ')}; studio list: ${(await page.locator('[data-episode]').allTextContents()).join(' | ')}` : 'all ended'), { timeout: 150_000, intervals: [500] })
          .toBe('all ended');
        return readRunFolder(runDir);
      })(),
      run.done.then(() => readRunFolder(runDir)),
    ]);
    const stopped = out.rows.find((r) => r.task_id === stoppedTask)!;
    expect(stopped.status).toBe('cancelled');
    expect(stopped.error).toMatch(/stopped from the studio/);
    expect(out.rows.filter((r) => r.task_id !== stoppedTask).every((r) => r.success)).toBe(true);
    // The studio saw every episode the run folder has.
    await expect(page.locator('[data-episode]')).toHaveCount(TASKS.length, { timeout: 20_000 });
    const footer = page.getByText(/state \d+ KB received for \d+ KB of states/);
    await expect(footer).toBeVisible();
    // The figure of the issue: state bytes the studio got per step, against whole states (the footer's two numbers).
    const [kb, wholeKb] = (/state (\d+) KB received for (\d+) KB/.exec((await footer.textContent()) ?? '') ?? []).slice(1).map(Number);
    const steps = out.rows.reduce((n, r) => n + r.steps, 0);
    console.log(`studio state bytes: ${kb} KB for ${steps} steps (${((kb! * 1024) / steps / 1024).toFixed(1)} KB/step); whole states would be ${wholeKb} KB (${((wholeKb! * 1024) / steps / 1024).toFixed(1)} KB/step)`);
    await page.screenshot({ path: test.info().outputPath('live-grid-1440x900.png') });
  } finally {
    await run.finish().catch(() => {});
  }
});
