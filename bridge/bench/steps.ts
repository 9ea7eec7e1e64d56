/**
 * The step loops both sides of every throughput comparison share: the env's real chat actions
 * (`envSteps`) and the raw taps that replay them (`rawTaps`: mouse click, one animation frame,
 * JPEG screenshot, the FACTS.md floor). Both start from the same state on the same page.
 */
import { performance } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import type { UiNode } from '../protocol/state.ts';

export interface Point {
  x: number;
  y: number;
}

export const p50 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
/** The middle value, the mean of the two middle ones for an even count (a paired comparison's few rounds). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
export const fmt = (x: number, d = 2): string => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
export const num = (x: number, d = 2): number => Number(x.toFixed(d));

export function center(n: UiNode): Point {
  return { x: Math.round(n.bounds.x + n.bounds.w / 2), y: Math.round(n.bounds.y + n.bounds.h / 2) };
}

/** Puts the phone on the chat app's chat list from `stateJson`, settled: the start of every step loop. */
export async function showChat(env: SimulatorEnv, stateJson: string): Promise<void> {
  await env.reset(stateJson);
  await env.openApp('chat');
  await env.device.call('settle', {});
}

/** Real chat actions in a cycle: open a chat, back (the nav bar's back button), contacts tab, chats tab. */
export async function envSteps(env: SimulatorEnv, n: number): Promise<{ sps: number; points: Point[] }> {
  let obs = await env.observe();
  const points: Point[] = [];
  const keys = [(x: UiNode) => x.key?.startsWith('chat.item.') ?? false, (x: UiNode) => x.key === 'nav.back', (x: UiNode) => x.key === 'tab.contacts', (x: UiNode) => x.key === 'tab.chats'];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const target = obs.tree.find(keys[i % 4]);
    if (!target) throw new Error(`bench: step ${i} found nothing to tap on ${obs.route.path}`);
    const p = center(target);
    points.push(p);
    obs = (await env.step({ type: 'tap', ...p })).observation;
  }
  return { sps: n / ((performance.now() - t0) / 1000), points };
}

/** How the floor takes its picture: Playwright's page.screenshot, the env's CDP capture, or none (the floor of a step without one). */
export type FloorCapture = 'playwright' | 'cdp' | 'none';

/**
 * The floor's step, done raw: mouse click, one animation frame, JPEG q80 screenshot at CSS size.
 * With a CDP session, the compositor capture the env itself uses instead of page.screenshot;
 * with `none`, no picture.
 */
export async function rawTaps(page: Page, points: Point[], cdp: CDPSession | null = null, capture: FloorCapture = cdp ? 'cdp' : 'playwright'): Promise<void> {
  for (const p of points) {
    await page.mouse.click(p.x, p.y);
    // A string, not a function: tsx would rewrite a function body with helpers the page lacks.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');
    if (capture === 'cdp' && cdp) await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, optimizeForSpeed: true });
    else if (capture === 'playwright') await page.screenshot({ type: 'jpeg', quality: 80, scale: 'css' });
  }
}

/**
 * The floor on one page: the same taps as the env made, done raw, from the same starting state.
 * The difference is exactly what phonegym adds per step: settling, the state and UI tree read,
 * coordinate mapping.
 */
export async function rawFloor(page: Page, points: Point[], capture: FloorCapture = 'playwright'): Promise<number> {
  const cdp = capture === 'cdp' ? await page.context().newCDPSession(page) : null;
  const t0 = performance.now();
  await rawTaps(page, points, cdp, capture);
  const sps = points.length / ((performance.now() - t0) / 1000);
  await cdp?.detach();
  return sps;
}
