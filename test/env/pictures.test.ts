/**
 * People's pictures are PNG images drawn once per picture (simulator-apps/shared/shapesImage.ts),
 * in the real browser: complete the moment a reset has observed the screen (a screenshot right
 * after shows them), sharp at the page's pixel ratio, a real drawing (not a blank square), and the
 * same picture for the same person on every reset.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { EnvPool } from '../../bridge/env/envPool.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';

let bridge: BridgeServer;
let pool: EnvPool;

beforeAll(async () => {
  const web = await ensureWebBuild();
  bridge = await BridgeServer.start({ staticDir: web.dir });
  pool = await EnvPool.open({ bridge, size: 1, shardPrefix: 'pictures' });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await bridge?.close();
});

interface Picture {
  id: string;
  src: string;
  complete: boolean;
  natural: number;
  shown: number;
  colours: number;
}

it("the chat list's avatars are complete, sharp and drawn at once after every reset", async () => {
  const task = (await loadRegistry()).tasks.find((t) => t.id === 'chat.PinChat')!;
  const env = pool.envs[0]!;
  const seen = new Map<string, string>();
  for (const seed of [1, 2, 1]) {
    const prepared = prepareInstance(task, seed, { evalMode: 'grounded', variant: 0 });
    await env.resetObserved(prepared.stateJson, { app: 'chat', path: '/chats' });
    // Read at once: no frame, no wait between the reset's answer and this look.
    const pictures = await env.page.evaluate((): Picture[] =>
      [...document.querySelectorAll<HTMLImageElement>('img[data-picture]')].map((img) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        const colours = new Set<number>();
        for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return { id: img.dataset.picture!, src: img.src, complete: img.complete, natural: img.naturalWidth, shown: img.getBoundingClientRect().width, colours: colours.size };
      }),
    );
    // People's faces, and groups' grids of their members' faces (one picture each).
    expect(pictures.length).toBeGreaterThanOrEqual(10);
    expect(pictures.some((p) => p.id.includes('+'))).toBe(true);
    for (const p of pictures) {
      expect(p.complete).toBe(true);
      expect(p.natural).toBe(Math.round(p.shown)); // the page's pixel ratio is 1
      expect(p.colours).toBeGreaterThan(8); // a drawing: background, skin, hair, eyes, edges
      if (p.id.includes('+')) expect(p.colours).toBeGreaterThan(40); // several faces
      // The same picture id is the same image on every screen and every reset.
      const key = `${p.id}@${p.natural}`;
      if (seen.has(key)) expect(p.src).toBe(seen.get(key));
      seen.set(key, p.src);
    }
  }
  expect(seen.size).toBeGreaterThan(15);
}, 120_000);
