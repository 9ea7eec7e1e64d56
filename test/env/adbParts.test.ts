/**
 * The pure parts of the ADB path: the uiautomator XML both ways (the virtual device writes the
 * simulator's tree, the ADB env reads it back to the same elements), `dumpsys window`'s focus as
 * the route, `wm size`, `input text`'s quoting, and a PNG screen scaled to the agent's JPEG.
 */
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { parseUiautomatorXml, uiTreeToXml, UiautomatorXmlError } from '../../bridge/protocol/uiautomator.ts';
import type { UiNode } from '../../bridge/protocol/state.ts';
import { focusedRoute, inputTextArg, shQuote } from '../../bridge/env/adbEnv.ts';
import { pngPixels, pngToJpeg } from '../../bridge/env/pngScale.ts';
import { parseWmSize, stateAdvice } from '../../bridge/env/adbDevices.ts';

const TREE: UiNode[] = [
  { index: 0, role: 'heading', text: '轻聊 <群> & "朋友"', bounds: { x: 0, y: 40, w: 360, h: 48 }, depth: 0 },
  { index: 1, role: 'list', text: '', bounds: { x: 0, y: 88, w: 360, h: 600 }, depth: 0 },
  { index: 2, role: 'listitem', text: '周雨桐', key: 'chat.item.c_15', bounds: { x: 0, y: 88, w: 360, h: 72 }, depth: 1 },
  { index: 3, role: 'button', text: '发送', key: 'chat.send', bounds: { x: 300, y: 700, w: 48, h: 32 }, depth: 2, disabled: true },
  { index: 4, role: 'textbox', text: '输入消息', value: 'hi there', key: 'chat.input', bounds: { x: 10, y: 700, w: 280, h: 32 }, depth: 1, editable: true, focused: true },
  { index: 5, role: 'switch', text: '置顶聊天', bounds: { x: 290, y: 300, w: 50, h: 30 }, depth: 0, checked: true },
  { index: 6, role: 'tab', text: '通讯录', bounds: { x: 90, y: 740, w: 90, h: 60 }, depth: 0, selected: true },
];

describe('uiautomator XML', () => {
  it('round-trips the simulator tree: roles, texts, keys, values, flags, depth, bounds (÷ scale)', () => {
    const xml = uiTreeToXml(TREE, { app: 'chat', scale: 3 });
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")).toBe(true);
    expect(xml).toContain('resource-id="com.phonegym.chat:id/chat.send"');
    expect(xml).toContain('bounds="[900,2100][1044,2196]"');
    expect(xml).toContain('text="轻聊 &lt;群&gt; &amp; &quot;朋友&quot;"');
    const back = parseUiautomatorXml(xml, { scale: 3 });
    expect(back).toHaveLength(TREE.length);
    // Roles the widget classes cannot tell apart read as their class's first role (a heading is
    // text); a list item has no widget class of its own and reads as a view.
    const expected = TREE.map((n) => ({ ...n, role: n.role === 'heading' ? 'text' : n.role === 'listitem' ? 'view' : n.role }));
    for (const [i, n] of back.entries()) {
      const e = expected[i]!;
      expect(n.role, e.text).toBe(e.role);
      expect(n.text).toBe(e.text);
      expect(n.key).toBe(e.key);
      expect(n.depth).toBe(e.depth);
      expect(n.bounds).toEqual(e.bounds);
      expect(n.disabled).toBe(e.disabled);
      expect(n.focused).toBe(e.focused);
      expect(n.selected).toBe(e.selected);
    }
    expect(back[4]).toMatchObject({ editable: true, value: 'hi there', text: '输入消息' });
    expect(back[5]!.checked).toBe(true);
  });

  it('reads a real phone\'s dump (self-closing nodes, other classes) and refuses what is no dump', () => {
    const real = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]"><node index="0" text="Wi‑Fi" resource-id="android:id/title" class="android.widget.TextView" package="com.android.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[189,456][339,513]" /><node index="1" text="" resource-id="" class="android.widget.ImageButton" package="com.android.settings" content-desc="Navigate up" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,84][147,231]" /></node></hierarchy>`;
    const nodes = parseUiautomatorXml(real, { scale: 3 });
    expect(nodes.map((n) => [n.role, n.text, n.key ?? null, n.depth])).toEqual([
      ['view', '', null, 0],
      ['text', 'Wi‑Fi', 'title', 1],
      ['button', 'Navigate up', null, 1],
    ]);
    expect(nodes[1]!.bounds).toEqual({ x: 63, y: 152, w: 50, h: 19 });
    expect(() => parseUiautomatorXml('ERROR: could not get idle state.', { scale: 3 })).toThrow(UiautomatorXmlError);
  });
});

describe('the phone\'s own words', () => {
  it('reads the focused app and activity as the route', () => {
    expect(focusedRoute('  mCurrentFocus=Window{1a2b3c u0 com.phonegym.chat/com.phonegym.chat.MainActivity}\n')).toEqual({ app: 'chat', path: '.MainActivity' });
    expect(focusedRoute('  mCurrentFocus=Window{5f u0 com.android.settings/.Settings$WifiSettingsActivity}')).toEqual({ app: 'com.android.settings', path: '.Settings$WifiSettingsActivity' });
    expect(focusedRoute('nothing here')).toBeNull();
  });

  it('reads wm size (an override wins) and says what to do about unusable phones', () => {
    expect(parseWmSize('Physical size: 1080x2400\n')).toEqual({ width: 1080, height: 2400 });
    expect(parseWmSize('Physical size: 1440x3120\nOverride size: 1080x2340\n')).toEqual({ width: 1080, height: 2340 });
    expect(parseWmSize('error')).toBeNull();
    expect(stateAdvice('unauthorized')).toMatch(/Allow USB debugging/);
    expect(stateAdvice('offline')).toMatch(/replug/);
    expect(stateAdvice('device')).toBeNull();
  });

  it("quotes input text: spaces as %s, the shell's specials inside single quotes", () => {
    expect(inputTextArg('hello world')).toBe("'hello%sworld'");
    expect(inputTextArg("it's $HOME & 100%")).toBe("'it'\\''s%s$HOME%s&%s100%'");
    expect(shQuote('a b')).toBe("'a b'");
  });
});

describe('the screen', () => {
  it('scales a 1080x2400 PNG to the agent\'s 360x800 JPEG, keeping its colours', () => {
    const png = new PNG({ width: 1080, height: 2400 });
    for (let y = 0; y < 2400; y++) {
      for (let x = 0; x < 1080; x++) {
        const i = (y * 1080 + x) * 4;
        const top = y < 1200;
        png.data[i] = top ? 220 : 20;
        png.data[i + 1] = 40;
        png.data[i + 2] = top ? 30 : 200;
        png.data[i + 3] = 255;
      }
    }
    const out = jpeg.decode(pngToJpeg(PNG.sync.write(png), 360, 800, 80));
    expect([out.width, out.height]).toEqual([360, 800]);
    const at = (x: number, y: number) => Array.from(out.data.subarray((y * 360 + x) * 4, (y * 360 + x) * 4 + 3));
    for (const [c, want] of [[at(100, 100), [220, 40, 30]], [at(100, 700), [20, 40, 200]]] as const) for (let k = 0; k < 3; k++) expect(Math.abs(c[k]! - want[k]!)).toBeLessThan(12);
  });

  // The one-pass decoder against pngjs and a plain box filter: every filter type, RGB and RGBA, whole and fractional ratios.
  it.each([
    [1080, 2400, 360, 800, 6, -1],
    [1080, 2400, 360, 800, 2, 4],
    [1000, 2000, 360, 720, 6, 1],
    [723, 1601, 360, 800, 6, 3],
    [360, 800, 360, 800, 2, 2],
    [400, 300, 200, 150, 6, 0],
  ])('decodes and scales %ix%i to %ix%i exactly as pngjs and a box filter do (colour type %i, filter %i)', (sw, sh, w, h, colorType, filterType) => {
    const png = new PNG({ width: sw, height: sh });
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        const i = (y * sw + x) * 4;
        // Gradients with noise and blocks: rows that the filters encode differently.
        png.data[i] = (x + rand() / 8) & 0xff;
        png.data[i + 1] = ((y >> 3) * 17 + (x >> 5) * 29) & 0xff;
        png.data[i + 2] = rand();
        png.data[i + 3] = 255;
      }
    }
    const bytes = PNG.sync.write(png, { colorType: colorType as 2 | 6, filterType });
    const ref = PNG.sync.read(bytes);
    const want = new Uint8Array(w * h * 4);
    const box = (i: number, size: number, out: number) => (i === out ? size : Math.floor((i * size) / out));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sum = [0, 0, 0];
        let n = 0;
        for (let yy = box(y, sh, h); yy < box(y + 1, sh, h); yy++) {
          for (let xx = box(x, sw, w); xx < box(x + 1, sw, w); xx++, n++) for (let k = 0; k < 3; k++) sum[k] += ref.data[(yy * sw + xx) * 4 + k]!;
        }
        for (let k = 0; k < 3; k++) want[(y * w + x) * 4 + k] = Math.round(sum[k]! / n);
        want[(y * w + x) * 4 + 3] = 255;
      }
    }
    expect(Buffer.from(pngPixels(bytes, w, h)).equals(Buffer.from(want))).toBe(true);
  });
});
