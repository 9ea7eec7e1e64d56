/**
 * The phone in a real Chromium through the real bridge: real input changes the state the
 * bridge reads; navigation behaves like a phone; the same seed gives the same pixels.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhone, tree, tap as tapKey } from './phonePage.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('real taps and typing send a message the bridge can read', async ({ browser }) => {
  const { page, device, close } = await openPhone(bridge(), browser, 'e2e-send');
  const state = createInitialState(3);
  await device.call('reset', { stateJson: JSON.stringify(state) });
  expect((await device.call('getState', {})).route).toEqual({ app: 'home', path: '/' });

  await tapKey(page, device, 'app.chat');
  const chats = (state.apps.chat as { chats: { id: string; pinned: boolean }[] }).chats;
  const target = chats.find((c) => c.pinned)!;
  await tapKey(page, device, `chat.item.${target.id}`);
  expect((await device.call('getState', {})).route).toEqual({ app: 'chat', path: `/chat/${target.id}` });

  await tapKey(page, device, 'chat.input');
  await page.keyboard.type('下午见 see you');
  await tapKey(page, device, 'chat.send');
  const after = JSON.parse((await device.call('getState', {})).json);
  const messages = after.apps.chat.chats.find((c: { id: string }) => c.id === target.id).messages;
  expect(messages.at(-1)).toMatchObject({ from: 'me', text: '下午见 see you', time: state.os.time.timestamp });

  // Back leaves the conversation, home goes to the launcher, the app switcher brings it back.
  await device.call('navigate', { key: 'back' });
  expect((await device.call('getState', {})).route.path).toBe('/chats');
  await device.call('navigate', { key: 'home' });
  expect((await device.call('getState', {})).route).toEqual({ app: 'home', path: '/' });
  await device.call('navigate', { key: 'recent' });
  await tapKey(page, device, 'recents.card.chat');
  expect((await device.call('getState', {})).route).toEqual({ app: 'chat', path: '/chats' });
  await close();
});

test('the status bar clock follows the virtual clock', async ({ browser }) => {
  const { device, close } = await openPhone(bridge(), browser, 'e2e-clock');
  const state = createInitialState(4);
  state.os.time.timestamp = Date.UTC(2026, 2, 14, 1, 5); // 09:05 in Shanghai
  await device.call('reset', { stateJson: JSON.stringify(state) });
  expect((await tree(device)).find((n) => n.key === 'status.time')?.text).toBe('09:05');
  await device.call('settle', { advanceMs: 60 * 60 * 1000 });
  expect((await tree(device)).find((n) => n.key === 'status.time')?.text).toBe('10:05');
  await close();
});

test('the same seed gives the same pixels in separate browser contexts', async ({ browser }) => {
  const a = await openPhone(bridge(), browser, 'e2e-pixels-a');
  const b = await openPhone(bridge(), browser, 'e2e-pixels-b');
  const json = JSON.stringify(createInitialState(77));
  const shots: Buffer[] = [];
  for (const p of [a, b]) {
    await p.device.call('reset', { stateJson: json });
    await p.device.call('openApp', { app: 'chat' });
    await p.device.call('settle', {});
    shots.push(await p.page.screenshot({ type: 'png' }));
  }
  expect(shots[0].equals(shots[1])).toBe(true);
  // And a different seed looks different.
  await b.device.call('reset', { stateJson: JSON.stringify(createInitialState(78)) });
  await b.device.call('openApp', { app: 'chat' });
  await b.device.call('settle', {});
  expect((await b.page.screenshot({ type: 'png' })).equals(shots[0])).toBe(false);
  await test.info().attach('chat-list', { body: shots[0], contentType: 'image/png' });
  await a.close();
  await b.close();
});

test('a reset replaces the state in-page without reloading', async ({ browser }) => {
  const { page, device, close } = await openPhone(bridge(), browser, 'e2e-reset');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  for (const seed of [1, 2, 3]) {
    const json = JSON.stringify(createInitialState(seed));
    await device.call('reset', { stateJson: json });
    expect((await device.call('getState', {})).json).toBe(json);
  }
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  await close();
});

test('a phone replaced by a newer page with the same id stops instead of fighting it', async ({ browser }) => {
  const first = await openPhone(bridge(), browser, 'e2e-twin');
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto(bridge().phoneUrl('e2e-twin', { kind: 'agent' }));
  await expect.poll(() => first.page.evaluate(() => window.__phonegym.device)).toBe('stopped');
  await expect.poll(() => bridge().device('e2e-twin') !== undefined && bridge().device('e2e-twin') !== first.device).toBe(true);
  const second = bridge().device('e2e-twin')!;
  // The bridge keeps talking to the newer page, and keeps doing so.
  await second.call('reset', { stateJson: JSON.stringify(createInitialState(9)) });
  await second.call('settle', {});
  expect(bridge().device('e2e-twin')).toBe(second);
  expect(await page.evaluate(() => window.__phonegym.device)).toBe('open');
  expect(await first.page.evaluate(() => window.__phonegym.device)).toBe('stopped');
  await first.close();
  await context.close();
});
