/**
 * The same seed and the same actions give the same pixels (issue 12). The whole chat suite (the
 * most 答题卡 submissions, where the fault showed) is run twice by the oracle through the real
 * CLI, both runs at once with four pages each, so that frames land between input events
 * differently in each, as on a loaded machine; every step JPEG must equal its twin to the byte.
 *
 * What it caught: 1-2 of 320 JPEGs differed by 1-4 levels at a rounded corner of the 已提交
 * banner. Chromium re-rastered only the damaged part of a tile (partial raster), and Skia
 * anti-aliases a shape cut by that clip differently, so a pixel depended on which frames had
 * been drawn before, not only on what is on the screen (fixed in bridge/env/browser.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { launchChromium } from '../../bridge/env/browser.ts';
import { phonegym } from '../helpers/cli.ts';

/** Tasks over eight apps, each in the designed look and in look 1 (dark, turned, zoomed): pictures included. */
const TASKS = ['chat.CreateGroup', 'chat.TransferToContact', 'shop.BuyProductOption', 'railway.BookAndPay', 'photos.AddPlaceToAlbum', 'notes.CollectToBoard', 'calendar.CreateEvent', 'mail.CallSender', 'maps.CancelRide', 'music.AddToPlaylist'];
const RUN = ['run', '--task-ids', TASKS.join(','), '--variant', '0,1', '--agent', 'oracle', '--sample-seed', '1', '--parallel', '4'];

/** `episode/step_NNN.jpg` → sha256 of the file, over every episode of a run folder. */
function stepShots(dir: string): Map<string, string> {
  const shots = new Map<string, string>();
  const root = join(dir, 'trajectory');
  for (const episode of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, episode)).sort()) {
      if (/^step_\d+\.jpg$/.test(file)) shots.set(`${episode}/${file}`, createHash('sha256').update(readFileSync(join(root, episode, file))).digest('hex'));
    }
  }
  return shots;
}

it('a run twice with the same seed writes byte-identical step screenshots, in two looks', async () => {
  // Built once here: two runs starting together must not both build the pages.
  await ensureWebBuild();
  const root = mkdtempSync(join(tmpdir(), 'phonegym-pixels-'));
  const dirs = [join(root, 'a'), join(root, 'b')];
  const runs = await Promise.all(dirs.map((dir) => phonegym([...RUN, '--run-dir', dir], { timeout: 240_000 })));
  for (const [i, r] of runs.entries()) {
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dirs[i], 'trajectory'))).toBe(true);
  }
  const builds = dirs.map((d) => JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8')).hashes.app_build);
  expect(builds[1], 'the phone was rebuilt between the runs (its sources changed): the pixels cannot be compared').toBe(builds[0]);

  const [a, b] = dirs.map(stepShots);
  expect(a.size).toBeGreaterThan(150);
  expect([...a.keys()].some((k) => k.includes('_v1/'))).toBe(true);
  expect([...b.keys()]).toEqual([...a.keys()]);
  const differing = [...a].filter(([file, hash]) => b.get(file) !== hash).map(([file]) => file);
  expect(differing.length, `${differing.length} of ${a.size} step JPEGs differ between ${dirs[0]} and ${dirs[1]}: ${differing.join(', ')}`).toBe(0);
}, 300_000);

it("a screen's pixels do not depend on the frames drawn before it (the browser the env launches)", async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    // The 已提交 banner's shape, and a square of the page's colour that moves over its corners:
    // the screen looks the same before and after each move, only the damaged rects differ.
    await page.setContent(`<style>body{margin:0;background:#f2f3f5}
      .card{position:absolute;left:12px;top:224px;width:336px;height:120px;border-radius:12px;background:#e8ffea;border:1px solid #aff0b5}
      #patch{position:absolute;left:0;top:0;width:10px;height:10px;background:#f2f3f5}</style><div class="card"></div><div id="patch"></div>`);
    const cdp = await page.context().newCDPSession(page);
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shot = async () => createHash('sha256').update((await cdp.send('Page.captureScreenshot', { format: 'png' })).data).digest('hex');
    const place = (box: number[]) => page.evaluate(([left, top, width, height]) => Object.assign(document.getElementById('patch')!.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` }), box);
    await frames();
    const first = await shot();
    const touched: string[] = [];
    for (const box of [[340, 215, 14, 14], [0, 230, 20, 5], [20, 200, 300, 30], [330, 330, 30, 20], [5, 216, 3, 3]]) {
      await place(box);
      await frames();
      await place([0, 0, 10, 10]);
      await frames();
      if ((await shot()) !== first) touched.push(box.join(','));
    }
    expect(touched, `the same screen came out different after touching ${touched.join(' / ')}`).toEqual([]);
  } finally {
    await browser.close();
  }
});
