/**
 * Continue from here: an episode of a run, watched in the studio, continued in Author mode from
 * one of its steps. From its last step the phone is where the oracle left it, so Judge (from the
 * episode's initial state) passes; from step 1 the task is not done yet, so it fails. The same
 * episode read back from its run folder (Runs tab, run viewer) is continued the same way.
 */
import { expect, test, type Page } from '@playwright/test';
import { readRunFolder } from '../../bridge/runner/runFolder.ts';
import { startStudioRun } from './studioRun.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('an episode continued by hand and by the agent, live and from its run folder', async ({ page }) => {
  test.setTimeout(180_000);
  const run = startStudioRun({ taskIds: ['chat.PinChat'], studioWait: 60, sampleSeed: 3 }, { runs: 'served' });
  const { runDir } = run;
  try {
    await page.goto(await run.studioUrl());
    await expect(page.getByText('run finished')).toBeVisible({ timeout: 120_000 });
    // The oracle's last step is `complete`, which leaves the screen as it was: the newest screen is the one before.
    const last = readRunFolder(runDir).rows[0]!.steps - 1;
    const from = (step: number) => page.getByRole('group', { name: `Continue from step ${step}` });
    await from(last).getByRole('button', { name: 'by hand' }).click();
    const note = page.locator('p.state').filter({ hasText: 'Continued from' });
    await expect(note).toHaveText(new RegExp(`^Continued from chat\\.PinChat#\\S+ at step ${last} · Judge judges from that episode's initial state`), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Judge' }).click();
    await expect(page.getByText('PASSED').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, 'studio-fork');

    // From an early step (picked on the timeline): not done yet, so Judge fails. Every step can be
    // picked: a screen the studio was not sent live (frames are lossy) comes from the run folder.
    await page.getByRole('radio', { name: 'Watch run' }).click();
    const early = page.locator('.log li:not(.gap):not(.end) button.row:not([disabled])').first();
    const first = Number(await early.locator('.n').textContent());
    expect(first).toBe(1);
    await early.click();
    await from(first).getByRole('button', { name: 'by hand' }).click();
    await expect(note).toHaveText(new RegExp(`^Continued from chat\\.PinChat#\\S+ at step ${first} · `), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Judge' }).click();
    await expect(page.getByText('FAILED').first()).toBeVisible({ timeout: 30_000 });

    // Hand it to the agent: the run's agent goes on from that step as a new episode on the run's
    // page, its steps replayed, shown apart from the run's own (the header still counts 1 of 1).
    await page.getByRole('radio', { name: 'Watch run' }).click();
    await early.click();
    await from(first).getByRole('button', { name: 'agent' }).click();
    const forkItem = page.locator('[data-episode*="·agent1"]');
    await expect(forkItem).toContainText(`from step ${first}`, { timeout: 60_000 });
    // The oracle goes by the step count it is shown, so it takes up its plan at the next step and passes.
    await expect(forkItem.locator('.chip')).toHaveText(/passed/i, { timeout: 90_000 });
    await page.locator('.log li:not(.gap):not(.end)').first().locator('button').click();
    await expect(page.getByText('replayed: step 1 of chat.PinChat#i0t0').first()).toBeVisible();
    await expect(page.getByTitle('1 of 1 episodes done')).toBeVisible();
    await shot(page, 'studio-agent-fork');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'studio-agent-fork-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '● Live' }).click();

    // A replayed episode: the run folder, opened from the Runs tab in the viewer, continued from its
    // last screen in a studio page of its own.
    await page.getByRole('radio', { name: 'Runs' }).click();
    const [viewer] = await Promise.all([page.waitForEvent('popup'), page.getByRole('row', { name: /run/ }).getByRole('link', { name: /Open in the viewer/ }).click()]);
    const toStudio = viewer.getByRole('link', { name: /Continue from step \d+ in the studio/ });
    await expect(toStudio).toHaveText('↪ Continue from step 0 in the studio', { timeout: 30_000 });
    for (let i = 0; i < last; i++) await viewer.keyboard.press('ArrowRight');
    await expect(toStudio).toHaveText(`↪ Continue from step ${last} in the studio`);
    await viewer.screenshot({ path: test.info().outputPath('viewer-fork.png') });
    const [studio] = await Promise.all([viewer.waitForEvent('popup'), toStudio.click()]);
    const forked = studio.locator('p.state').filter({ hasText: 'Continued from' });
    await expect(forked).toHaveText(new RegExp(`^Continued from chat\\.PinChat#0#0 of run run at step ${last} · `), { timeout: 60_000 });
    await expect(studio.getByRole('textbox', { name: /seed/i }).or(studio.locator('input[inputmode=numeric]'))).toHaveValue(String(readRunFolder(runDir).rows[0]!.seed));
    await studio.getByRole('button', { name: 'Judge' }).click();
    await expect(studio.getByText('PASSED').first()).toBeVisible({ timeout: 30_000 });
    await studio.close();
    await viewer.close();
  } finally {
    await run.finish();
  }
});
