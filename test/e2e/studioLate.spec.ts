/**
 * A studio opened after the run's episodes ended (it saw none of their steps, frames or states):
 * picking an episode fills its timeline from the bridge, and every step's screen and its initial
 * and final states come from the run folder, so any step can be looked at and continued from.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRunFolder } from '../../bridge/runner/runFolder.ts';
import { startStudioRun } from './studioRun.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The phone's picture has loaded (a broken image has no natural width). */
const loaded = (page: Page) => page.locator('.screen img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('a studio opened after the run shows every step of an episode and its screens from the run folder', async ({ page }) => {
  test.setTimeout(180_000);
  const run = startStudioRun({ taskIds: ['chat.PinChat', 'wallet.ReadBalance'], studioWait: 0, sampleSeed: 5 }, { runs: 'served' });
  const { runDir } = run;
  try {
    // Only once every episode has ended (the summary is written before the run stays open).
    await expect.poll(() => existsSync(join(runDir, 'summary.json')), { timeout: 120_000 }).toBe(true);
    const row = readRunFolder(runDir).rows.find((r) => r.task_id === 'chat.PinChat')!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(await run.studioUrl());
    await page.locator('[data-episode^="chat.PinChat"]').click();
    const rows = page.locator('.log li:not(.gap):not(.end) button.row');
    await expect(rows).toHaveCount(row.steps);
    await expect(page.locator('.log li.gap')).toHaveCount(0);
    // The last screen, from the run folder, with no step picked.
    await expect.poll(() => loaded(page)).toBe(true);
    expect(await page.locator('.screen img').getAttribute('src')).toMatch(/^runs\/run\/trajectory\/[^/]+\/step_\d{3}\.jpg$/);

    // The initial and final states, from the run folder too: the State tab shows the final one.
    await expect(page.getByText('The final state was not recorded')).toHaveCount(0);
    await expect(page.getByRole('tabpanel')).toContainText('apps');

    // Step 1, picked: its picture is the run folder's step_001.jpg.
    await rows.first().click();
    await expect(page.locator('.screen img')).toHaveAttribute('src', /\/step_001\.jpg$/);
    await expect.poll(() => loaded(page)).toBe(true);
    await expect(page.getByRole('group', { name: 'Continue from step 1' })).toBeVisible();
    await shot(page, 'studio-late-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'studio-late-1280');
  } finally {
    await run.finish();
  }
});
