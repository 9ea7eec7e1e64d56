/**
 * Same pixels on any machine (issue 12): every character the phone can show is drawn from a font
 * the page bundles, never from one the machine happens to have. A glyph that falls back to a system
 * font looks one way here (DejaVu, Liberation) and another on a machine with Noto CJK or an emoji
 * font installed: `→` on the railway's 改签 screen did exactly that.
 *
 * The characters are those of the apps' sources (strings and markup, comments left out) and of the
 * seeded states; each is drawn in the phone's own font stack at the weights the apps use, and
 * Chromium says which fonts it used (CDP `CSS.getPlatformFontsForNode`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const APPS_DIR = fileURLToPath(new URL('../../simulator-apps/', import.meta.url));

/** The text of a source file without its comments (an arrow in a doc comment is never drawn). */
function withoutComments(source: string): string {
  return source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(svelte|ts)$/.test(name) ? [path] : [];
  });
}

/**
 * Characters in the sources that are never drawn: the pinyin boundaries by which 轻聊 sorts names
 * into letter groups (chat/logic.ts), rare characters Noto Sans SC does not have.
 */
const NEVER_DRAWN = new Set(['妸', '拏', '妑', '呥', '屲', '帀']);

/** Every printable character outside ASCII the phone may draw, once each. */
function phoneCharacters(): string[] {
  const texts = sourceFiles(APPS_DIR).map((f) => withoutComments(readFileSync(f, 'utf8')));
  for (const seed of [1, 2, 3]) texts.push(JSON.stringify(createInitialState(seed)));
  const chars = new Set<string>();
  for (const text of texts) for (const ch of text) if (ch.codePointAt(0)! > 0x7e && /\S/u.test(ch) && !NEVER_DRAWN.has(ch)) chars.add(ch);
  return [...chars].sort();
}

let bridge: BridgeServer;
let pool: EnvPool;

beforeAll(async () => {
  const web = await ensureWebBuild();
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 1, shardPrefix: 'fonts' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

it('every character the apps show comes from a bundled font, at every weight they use', async () => {
  const chars = phoneCharacters();
  expect(chars.length).toBeGreaterThan(1000); // the CJK of the seeded data, not only the symbols
  const page = pool.envs[0]!.page;
  // One span per character, in the font stack of the phone's own root, at 400 and at 500.
  await page.evaluate((list) => {
    const root = document.querySelector('.pg-phone') ?? document.body;
    const box = document.createElement('div');
    box.id = 'font-probe';
    box.style.fontFamily = getComputedStyle(root).fontFamily;
    for (const weight of ['400', '500']) {
      for (const ch of list) {
        const span = document.createElement('span');
        span.textContent = ch;
        span.style.fontWeight = weight;
        span.dataset.weight = weight;
        box.append(span);
      }
    }
    document.body.append(box);
  }, chars);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const family = await page.evaluate(() => document.getElementById('font-probe')!.style.fontFamily);
  expect(family).toMatch(/Noto Sans SC/);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '#font-probe > span' });
  expect(nodeIds.length).toBe(chars.length * 2);
  const fallbacks: string[] = [];
  for (const [i, nodeId] of nodeIds.entries()) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const system = fonts.filter((f) => !f.isCustomFont).map((f) => f.familyName);
    const ch = chars[i % chars.length]!;
    if (system.length) fallbacks.push(`${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${i < chars.length ? 400 : 500}: ${system.join(', ')}`);
  }
  await cdp.detach();
  // No font at all draws it: the first font's missing-glyph box (tofu), the same pixels as a
  // private-use character no font has.
  const boxes = await page.evaluate(
    ({ list, family }) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 48;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const draw = (ch: string, weight: string) => {
        ctx.clearRect(0, 0, 48, 48);
        ctx.font = `${weight} 32px ${family}`;
        ctx.fillText(ch, 4, 36);
        return ctx.getImageData(0, 0, 48, 48).data.join(',');
      };
      const out: string[] = [];
      for (const weight of ['400', '500']) {
        const tofu = draw('\uE000', weight);
        for (const ch of list) if (draw(ch, weight) === tofu) out.push(`${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${weight}: no font has it`);
      }
      return out;
    },
    { list: chars, family },
  );
  fallbacks.push(...boxes);
  expect(fallbacks, 'characters drawn from a system font: bundle a font that has them (web/phoneFonts.css) or do not show them').toEqual([]);
}, 120_000);
