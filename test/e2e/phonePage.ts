/**
 * What the app specs share: one bridge per spec file, a phone page in its own context (360x800,
 * zh-CN, Asia/Shanghai) connected to it as an agent device, and real taps on elements found by
 * their `data-ui` key in the UI tree the bridge reads after the phone settles.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { WEB_DIST } from '../../bridge/paths.ts';
import type { PhoneState, Route, UiNode } from '../../bridge/protocol/state.ts';
import { BridgeServer, type DeviceConnection } from '../../bridge/server/bridgeServer.ts';

/** Starts a bridge before the file's tests and closes it after; call at the top of a spec. */
export function useBridge(): () => BridgeServer {
  let bridge: BridgeServer | null = null;
  test.beforeAll(async () => {
    bridge = await BridgeServer.start({ staticDir: WEB_DIST });
  });
  test.afterAll(async () => {
    await bridge?.close();
  });
  return () => bridge!;
}

export async function openPhone(bridge: BridgeServer, browser: Browser, id: string): Promise<{ page: Page; device: DeviceConnection; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const connected = bridge.waitForDevice(id, { timeoutMs: 20_000 });
  await page.goto(bridge.phoneUrl(id, { kind: 'agent' }));
  return { page, device: await connected, close: () => context.close() };
}

/** The UI tree once the phone is still. */
export async function tree(device: DeviceConnection): Promise<UiNode[]> {
  const r = await device.call('settle', { observe: true, tree: true });
  return r.observation!.tree;
}

export async function find(device: DeviceConnection, key: string): Promise<UiNode | undefined> {
  return (await tree(device)).find((n) => n.key === key);
}

/** The element with `key`, failing the test when it is not on screen. */
export async function mustFind(device: DeviceConnection, key: string): Promise<UiNode> {
  const node = await find(device, key);
  expect(node, `no element with key ${key} on screen`).toBeTruthy();
  return node!;
}

/** A real mouse click on the middle of the element with `key`. */
export async function tap(page: Page, device: DeviceConnection, key: string): Promise<void> {
  const node = await mustFind(device, key);
  await page.mouse.click(node.bounds.x + node.bounds.w / 2, node.bounds.y + node.bounds.h / 2);
}

export async function typeInto(page: Page, device: DeviceConnection, key: string, text: string): Promise<void> {
  await tap(page, device, key);
  await page.keyboard.type(text);
}

/** The state the bridge reads, parsed, with the route and revision. */
export async function readState(device: DeviceConnection): Promise<{ state: PhoneState; route: Route; revision: number }> {
  const r = await device.call('getState', {});
  return { state: JSON.parse(r.json) as PhoneState, route: r.route, revision: r.revision };
}

/** A phone page and its device as one value, for specs that pass the phone around. */
export interface Phone {
  page: Page;
  device: DeviceConnection;
  close: () => Promise<void>;
}

/** A phone page reset to `state` (and `route`, default home). */
export async function openPhoneAt(bridge: BridgeServer, browser: Browser, id: string, state: PhoneState, route?: Route): Promise<Phone> {
  const phone = await openPhone(bridge, browser, id);
  await phone.device.call('reset', { stateJson: JSON.stringify(state), ...(route ? { route } : {}) });
  return phone;
}

/** The helpers above, taking the phone as one value. */
export const onPhone = {
  tree: (p: Phone) => tree(p.device),
  find: (p: Phone, key: string) => find(p.device, key),
  tap: (p: Phone, key: string) => tap(p.page, p.device, key),
  typeInto: (p: Phone, key: string, text: string) => typeInto(p.page, p.device, key, text),
};

/** Every dialog the page opens (dismissed), to assert that run-folder text never ran as script. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/**
 * The characters of `selector`'s text that no font on the page draws: each is drawn on a canvas in
 * the element's own font stack and compared with the missing-glyph box of a private-use character.
 * The CI machine has no CJK system font, so Chinese that the page's bundled face does not reach
 * shows up here as it would on a reader's screen: as boxes.
 */
export async function missingGlyphs(page: Page, selector: string): Promise<string[]> {
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  return page.evaluate(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) throw new Error('no element ' + ${JSON.stringify(selector)});
    const style = getComputedStyle(el);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const draw = (ch) => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = style.fontWeight + ' 32px ' + style.fontFamily;
      ctx.fillText(ch, 4, 36);
      return ctx.getImageData(0, 0, 48, 48).data.join(',');
    };
    const tofu = draw('\\uE000');
    const chars = [...new Set([...el.textContent].filter((c) => c.codePointAt(0) > 0x7e && /\\S/u.test(c)))];
    if (chars.length === 0) throw new Error('no character outside ASCII in ' + ${JSON.stringify(selector)});
    return chars.filter((c) => draw(c) === tofu);
  })()`);
}
