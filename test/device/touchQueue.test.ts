/**
 * The virtual device's queue in front of its phone: looks at the screen (screencap, the UI
 * tree, the route) run together, as they do on a phone, and a touch waits for every call
 * before it while the looks after it wait for the touch.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualPhone } from '../../bridge/device/deviceShell.ts';
import { oneTouchAtATime } from '../../bridge/device/virtualDevice.ts';

/** A phone whose calls stay open until the test ends them, and which logs when each starts and ends. */
function heldPhone() {
  const log: string[] = [];
  const open = new Map<string, () => void>();
  const held = (name: string) => () =>
    new Promise<never>((resolve) => {
      log.push(`start ${name}`);
      open.set(name, () => {
        log.push(`end ${name}`);
        resolve(undefined as never);
      });
    });
  const phone = {
    apps: ['chat'],
    screenshotPng: held('screenshot'),
    uiTree: held('tree'),
    route: held('route'),
    tap: held('tap'),
    key: held('key'),
  } as unknown as VirtualPhone;
  const end = async (name: string) => {
    for (let i = 0; i < 20 && !open.has(name); i++) await Promise.resolve();
    open.get(name)!();
    open.delete(name);
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { phone, log, end, started: (name: string) => log.includes(`start ${name}`) };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('oneTouchAtATime', () => {
  it('runs a screenshot and the UI tree side by side', async () => {
    const { phone, log, end } = heldPhone();
    const q = oneTouchAtATime(phone);
    const calls = [q.screenshotPng(), q.uiTree(), q.route()];
    await settle();
    expect(log).toEqual(['start screenshot', 'start tree', 'start route']);
    await end('tree');
    await end('route');
    await end('screenshot');
    await Promise.all(calls);
  });

  it('holds a touch until the looks before it end, and the looks after it until it ends', async () => {
    const { phone, log, end, started } = heldPhone();
    const q = oneTouchAtATime(phone);
    const look = q.screenshotPng();
    const tap = q.tap(10, 10);
    const after = q.uiTree();
    await settle();
    expect(started('tap')).toBe(false);
    await end('screenshot');
    expect(started('tap')).toBe(true);
    expect(started('tree')).toBe(false);
    await end('tap');
    expect(started('tree')).toBe(true);
    await end('tree');
    await Promise.all([look, tap, after]);
    expect(log).toEqual(['start screenshot', 'end screenshot', 'start tap', 'end tap', 'start tree', 'end tree']);
  });

  it('keeps touches in the order they came, one at a time', async () => {
    const { phone, log, end } = heldPhone();
    const q = oneTouchAtATime(phone);
    const calls = [q.tap(1, 1), q.key('back')];
    await settle();
    expect(log).toEqual(['start tap']);
    await end('tap');
    await end('key');
    await Promise.all(calls);
    expect(log).toEqual(['start tap', 'end tap', 'start key', 'end key']);
  });
});
