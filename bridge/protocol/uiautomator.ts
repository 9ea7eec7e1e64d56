/**
 * The UI tree as Android's `uiautomator dump` writes it, both ways: the virtual device writes the
 * simulator's tree as that XML, and the ADB env reads any phone's dump back into the simulator's
 * element shape (role, text, bounds in CSS pixels of a 360-wide screen, key from the resource id).
 *
 *   <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
 *     <node index="0" text="发送" resource-id="com.phonegym.chat:id/chat.send" class="android.widget.Button"
 *           package="com.phonegym.chat" content-desc="" checkable="false" checked="false" clickable="true"
 *           enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false"
 *           password="false" selected="false" bounds="[900,2100][1044,2196]"> … </node>
 *   </hierarchy>
 *
 * Nesting follows the tree's depth; `index` is the child's place among its siblings, as uiautomator
 * numbers them. Roles map to the widget classes below; a class outside the table reads as `view`
 * (what a list item or a dialog becomes: Android has no class for those roles).
 */
import type { UiNode } from './state.ts';

/** Role ↔ widget class; the first class of a role is the one written. */
const CLASSES: [role: string, classes: string[]][] = [
  ['button', ['android.widget.Button', 'android.widget.ImageButton']],
  ['textbox', ['android.widget.EditText', 'android.widget.AutoCompleteTextView']],
  ['checkbox', ['android.widget.CheckBox', 'android.widget.CheckedTextView']],
  ['switch', ['android.widget.Switch', 'android.widget.ToggleButton']],
  ['radio', ['android.widget.RadioButton']],
  ['tab', ['android.app.ActionBar$Tab']],
  ['image', ['android.widget.ImageView']],
  ['img', ['android.widget.ImageView']],
  ['slider', ['android.widget.SeekBar']],
  ['text', ['android.widget.TextView']],
  ['heading', ['android.widget.TextView']],
  ['link', ['android.widget.TextView']],
  ['list', ['android.widget.ListView', 'androidx.recyclerview.widget.RecyclerView', 'android.widget.ScrollView']],
];
// Containers (a list item, a dialog, a layout) are android.view.View or a layout class: read as `view`.
const CLASS_OF = new Map(CLASSES.map(([role, cls]) => [role, cls[0]!]));
const ROLE_OF = new Map<string, string>();
for (const [role, cls] of CLASSES) for (const c of cls) if (!ROLE_OF.has(c)) ROLE_OF.set(c, role);
const CLICKABLE = new Set(['button', 'link', 'tab', 'checkbox', 'switch', 'radio', 'listitem', 'textbox']);

/** The Android package the virtual device names for a simulator app (`chat` → `com.phonegym.chat`). */
export const packageOf = (app: string): string => `com.phonegym.${app.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * Simulator apps that stand for an Android system app: the virtual device opens them by the
 * system's package too, so a task's `realPhone` start (`com.android.settings`) works on it as on a
 * phone.
 */
export const ANDROID_PACKAGES: Readonly<Record<string, string>> = {
  settings: 'com.android.settings',
  contacts: 'com.android.contacts',
  calendar: 'com.android.calendar',
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );

/** The tree as `uiautomator dump` XML, bounds scaled from CSS pixels by `scale` (3: a 1080x2400 screen). */
export function uiTreeToXml(nodes: readonly UiNode[], opts: { app: string; scale: number }): string {
  const pkg = packageOf(opts.app);
  const px = (v: number) => Math.round(v * opts.scale);
  let out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">";
  const open: number[] = [];
  const childCount: number[] = [0];
  for (const n of nodes) {
    const depth = Math.max(0, Math.min(n.depth, open.length));
    while (open.length > depth) {
      out += '</node>';
      open.pop();
      childCount.pop();
    }
    const index = childCount[depth]!;
    childCount[depth] = index + 1;
    const editable = n.editable === true || n.role === 'textbox';
    const checkable = n.checked !== undefined || n.role === 'checkbox' || n.role === 'switch' || n.role === 'radio';
    const b = n.bounds;
    const attrs: [string, string][] = [
      ['index', String(index)],
      ['text', editable ? (n.value ?? '') : n.text],
      ['resource-id', n.key ? `${pkg}:id/${n.key}` : ''],
      // Any field one types into (a search box too) is an EditText, as on Android: its text is the value.
      ['class', editable ? CLASS_OF.get('textbox')! : (CLASS_OF.get(n.role) ?? 'android.view.View')],
      ['package', pkg],
      ['content-desc', editable ? n.text : ''],
      ['checkable', String(checkable)],
      ['checked', String(n.checked === true)],
      ['clickable', String(CLICKABLE.has(n.role))],
      ['enabled', String(n.disabled !== true)],
      ['focusable', String(editable || CLICKABLE.has(n.role))],
      ['focused', String(n.focused === true)],
      ['scrollable', String(n.role === 'list')],
      ['long-clickable', 'false'],
      ['password', 'false'],
      ['selected', String(n.selected === true)],
      ['bounds', `[${px(b.x)},${px(b.y)}][${px(b.x + b.w)},${px(b.y + b.h)}]`],
    ];
    out += `<node ${attrs.map(([k, v]) => `${k}="${escapeXml(v)}"`).join(' ')}>`;
    open.push(n.index);
    childCount.push(0);
  }
  while (open.pop() !== undefined) out += '</node>';
  return `${out}</hierarchy>`;
}

export class UiautomatorXmlError extends Error {
  override name = 'UiautomatorXmlError';
}

/**
 * A `uiautomator dump` read back as the simulator's element list: every node with bounds, in
 * document order, its depth the nesting, bounds divided by `scale` (the device's width / 360).
 */
export function parseUiautomatorXml(xml: string, opts: { scale: number }): UiNode[] {
  const start = xml.indexOf('<hierarchy');
  if (start < 0) throw new UiautomatorXmlError(`not a uiautomator dump: no <hierarchy> element (it starts ${JSON.stringify(xml.slice(0, 80))})`);
  const nodes: UiNode[] = [];
  const tag = /<(\/?)node\b([^>]*?)(\/?)>/g;
  const attr = /([\w-]+)="([^"]*)"/g;
  let depth = 0;
  tag.lastIndex = start;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[1]) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const a: Record<string, string> = {};
    for (let x = attr.exec(m[2]!); x; x = attr.exec(m[2]!)) a[x[1]!] = unescapeXml(x[2]!);
    const box = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(a.bounds ?? '');
    if (box) {
      const [x1, y1, x2, y2] = box.slice(1).map((v) => Number(v) / opts.scale) as [number, number, number, number];
      const role = ROLE_OF.get(a.class ?? '') ?? 'view';
      const editable = role === 'textbox';
      const id = a['resource-id'] ?? '';
      const key = id.includes(':id/') ? id.slice(id.indexOf(':id/') + 4) : id;
      const node: UiNode = {
        index: nodes.length,
        role,
        text: editable ? a['content-desc'] || a.text || '' : a.text || a['content-desc'] || '',
        bounds: { x: x1, y: y1, w: Math.max(0, x2 - x1), h: Math.max(0, y2 - y1) },
        depth,
      };
      if (key) node.key = key;
      if (a.checkable === 'true') node.checked = a.checked === 'true';
      if (a.selected === 'true') node.selected = true;
      if (a.enabled === 'false') node.disabled = true;
      if (a.focused === 'true') node.focused = true;
      if (editable) {
        node.editable = true;
        node.value = a.text ?? '';
      }
      nodes.push(node);
    }
    if (!m[3]) depth++;
  }
  return nodes;
}
