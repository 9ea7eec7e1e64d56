/**
 * The settings app in a real Chromium through the real bridge: joining a secured Wi-Fi (a wrong
 * password changes nothing, the right one reaches the status bar), dark mode darkening the
 * launcher, and the font size scaling the launcher labels.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { WEB_DIST } from '../../bridge/paths.ts';
import type { PhoneState, UiNode } from '../../bridge/protocol/state.ts';
import { BridgeServer, type DeviceConnection } from '../../bridge/server/bridgeServer.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { SettingsState } from '../../simulator-apps/settings/types.ts';

let bridge: BridgeServer;
test.beforeAll(async () => {
  bridge = await BridgeServer.start({ staticDir: WEB_DIST });
});
test.afterAll(async () => {
  await bridge.close();
});

async function openPhone(browser: Browser, id: string): Promise<{ page: Page; device: DeviceConnection; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const connected = bridge.waitForDevice(id, { timeoutMs: 20_000 });
  await page.goto(bridge.phoneUrl(id, { kind: 'agent' }));
  return { page, device: await connected, close: () => context.close() };
}

async function tree(device: DeviceConnection): Promise<UiNode[]> {
  const r = await device.call('settle', { observe: true, tree: true });
  return r.observation!.tree;
}

async function find(device: DeviceConnection, key: string): Promise<UiNode | undefined> {
  return (await tree(device)).find((n) => n.key === key);
}

async function tapKey(page: Page, device: DeviceConnection, key: string): Promise<void> {
  const node = await find(device, key);
  expect(node, `no element with key ${key} on screen`).toBeTruthy();
  await page.mouse.click(node!.bounds.x + node!.bounds.w / 2, node!.bounds.y + node!.bounds.h / 2);
}

async function readState(device: DeviceConnection): Promise<{ state: PhoneState; revision: number }> {
  const r = await device.call('getState', {});
  return { state: JSON.parse(r.json) as PhoneState, revision: r.revision };
}

const settingsOf = (s: PhoneState) => s.apps.settings as unknown as SettingsState;

test('joining a secured Wi-Fi: a wrong password changes nothing, the right one reaches the status bar', async ({ browser }) => {
  const { page, device, close } = await openPhone(browser, 'e2e-settings-wifi');
  const state = createInitialState(5);
  const current = (state.os.wifi as { ssid: string }).ssid;
  // Only the current network is saved, so the unsaved ones head the 可用WLAN list.
  for (const n of settingsOf(state).wifi.networks) n.saved = n.ssid === current;
  const target = settingsOf(state)
    .wifi.networks.filter((n) => n.security !== 'open' && !n.saved)
    .sort((a, b) => b.signal - a.signal || (a.ssid < b.ssid ? -1 : 1))[0]!;
  await device.call('reset', { stateJson: JSON.stringify(state) });

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.wlan');
  await tapKey(page, device, `settings.wlan.net.${target.id}`);
  expect((await device.call('getState', {})).route).toEqual({ app: 'settings', path: `/wlan/${target.id}/connect` });

  await tapKey(page, device, 'settings.wlan.password');
  await page.keyboard.type('not-the-password');
  const before = await readState(device);
  await tapKey(page, device, 'settings.wlan.connect');
  expect((await find(device, 'settings.wlan.error'))?.text).toBe('密码错误，请重新输入');
  const refused = await readState(device);
  expect(refused.revision).toBe(before.revision);
  expect((refused.state.os.wifi as { ssid: string }).ssid).toBe(current);

  await tapKey(page, device, 'settings.wlan.password');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(target.password);
  await tapKey(page, device, 'settings.wlan.connect');
  const after = await readState(device);
  expect(after.state.os.wifi).toEqual({ enabled: true, ssid: target.ssid });
  expect(settingsOf(after.state).wifi.networks.find((n) => n.id === target.id)?.saved).toBe(true);
  expect((await device.call('getState', {})).route.path).toBe('/wlan');
  expect((await find(device, 'status.wifi'))?.text).toBe(`WLAN已连接：${target.ssid}`);

  // WLAN off: the status bar icon goes away and the main list says so.
  await tapKey(page, device, 'settings.wlan.switch');
  expect((await readState(device)).state.os.wifi).toEqual({ enabled: false, ssid: '' });
  expect(await find(device, 'status.wifi')).toBeUndefined();
  await close();
});

test('dark mode darkens the launcher, the navigation bar and this app', async ({ browser }) => {
  const { page, device, close } = await openPhone(browser, 'e2e-settings-dark');
  await device.call('reset', { stateJson: JSON.stringify(createInitialState(2)) });
  const launcherColor = () => page.locator('.launcher').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await launcherColor()).toBe('rgba(0, 0, 0, 0)');

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.display');
  await tapKey(page, device, 'settings.display.dark');
  expect(settingsOf((await readState(device)).state).display.darkMode).toBe(true);
  expect((await find(device, 'settings.display.dark'))?.checked).toBe(true);
  const navColor = await page.locator('nav.navbar').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(navColor).toBe('rgb(12, 12, 13)');

  await device.call('navigate', { key: 'home' });
  await device.call('settle', {});
  expect(await launcherColor()).toBe('rgb(10, 14, 20)');
  await close();
});

test('the font size scales the launcher labels', async ({ browser }) => {
  const { page, device, close } = await openPhone(browser, 'e2e-settings-font');
  await device.call('reset', { stateJson: JSON.stringify(createInitialState(2)) });
  const labelSize = () => page.locator('[data-ui="app.settings"] .label').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await labelSize()).toBeCloseTo(12, 1);

  await tapKey(page, device, 'app.settings');
  await tapKey(page, device, 'settings.entry.display');
  await tapKey(page, device, 'settings.display.font');
  await tapKey(page, device, 'settings.font.超大');
  expect(settingsOf((await readState(device)).state).display.fontSize).toBe('超大');
  expect((await find(device, 'settings.font.超大'))?.text).toContain('已选择');

  await device.call('navigate', { key: 'home' });
  await device.call('settle', {});
  expect(await labelSize()).toBeCloseTo(15.6, 1);
  await close();
});
