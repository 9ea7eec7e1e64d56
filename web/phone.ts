/**
 * The phone page (what Playwright drives): `phone.html?device=<id>&token=<t>&kind=agent|interactive&seed=<n>`.
 * With `device`, the page serves the bridge over WebSocket and keeps nothing; without it, it runs
 * standalone from the seed and remembers itself in IndexedDB.
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-500.css';
import './phoneFonts.css';
import '@fontsource/noto-sans-sc/chinese-simplified-400.css';
import '@fontsource/noto-sans-sc/chinese-simplified-500.css';
import { mount } from 'svelte';
import { formatUiTree, uiTree } from '../simulator-apps/os/uiTree.ts';
import { DeviceClient } from '../simulator-apps/os/device.ts';
import { setMotion } from '../simulator-apps/os/motion.ts';
import { setVirtualHolds } from '../simulator-apps/os/gestures.ts';
import { captureInputs } from '../simulator-apps/os/inputCapture.ts';
import { PhonePersistence } from '../simulator-apps/os/persistence.ts';
import { Phone } from '../simulator-apps/os/phone.svelte.ts';
import { settle, stateSnapshot } from '../simulator-apps/os/settle.ts';
import PhoneShell from '../simulator-apps/os/ui/PhoneShell.svelte';
import { createInitialState } from '../simulator-apps/seed.ts';

const params = new URLSearchParams(location.search);
const deviceId = params.get('device');
const kind: 'agent' | 'interactive' = params.get('kind') === 'interactive' || (!deviceId && params.get('kind') !== 'agent') ? 'interactive' : 'agent';
const seedParam = Number(params.get('seed') ?? '1');
const seed = Number.isSafeInteger(seedParam) ? seedParam : 1;

document.documentElement.classList.toggle('pg-agent', kind === 'agent');
setMotion(kind === 'interactive');
// Agent pages: long presses happen in virtual time, when the env says the finger was held.
setVirtualHolds(kind === 'agent');

// Start loading the faces now, not when a glyph first needs them.
for (const weight of [400, 500]) {
  void document.fonts.load(`${weight} 16px "Noto Sans SC"`, '轻聊').catch(() => {});
  void document.fonts.load(`${weight} 16px "Noto Sans"`, 'Aa09').catch(() => {});
}

const phone = new Phone(createInitialState(seed));
const target = document.getElementById('phone');
if (!target) throw new Error('phone.html needs a #phone element');
mount(PhoneShell, { target, props: { phone } });
const screen = (): Element => target.querySelector('[data-phone-screen]') ?? target;

let device: DeviceClient | null = null;
if (deviceId) {
  device = new DeviceClient({ phone, screen, deviceId, token: params.get('token') ?? '', kind });
  forwardLogs(device);
  device.start();
  // A person's inputs, for a demonstration the studio may be recording (the bridge keeps only those).
  const client = device;
  if (kind === 'interactive') captureInputs(screen, (c) => client.userInput(c));
} else {
  const persistence = new PhonePersistence(phone, { key: `seed:${seed}` });
  void persistence
    .hydrate()
    .catch((e: unknown) => console.warn(`phonegym: no saved phone (${(e as Error).message})`))
    .finally(() => persistence.start());
  // A person watching expects the clock to move: one virtual minute per real minute.
  setInterval(() => phone.advanceTime(60_000), 60_000);
}

function forwardLogs(client: DeviceClient): void {
  const text = (args: unknown[]): string => args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === 'string' ? a : safeJson(a))).join(' ');
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      client.log(level, text(args));
    };
  }
  window.addEventListener('error', (e) => client.log('error', `uncaught: ${e.message} (${e.filename}:${e.lineno})`));
  window.addEventListener('unhandledrejection', (e) => client.log('error', `unhandled rejection: ${text([e.reason])}`));
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** Read-only handles for debugging and for tests (`window.__phonegym` in the devtools console). */
const debug = {
  kind,
  seed,
  get revision() {
    return phone.revision;
  },
  get route() {
    return { ...phone.route };
  },
  get device() {
    return device?.status ?? 'standalone';
  },
  getState: () => stateSnapshot(phone),
  snapshot: () => phone.snapshot(),
  uiTree: () => uiTree(screen()),
  printUiTree: () => formatUiTree(uiTree(screen())),
  /** Waits for the phone to be still (never moves the clock). */
  settle: (opts: { observe?: boolean; tree?: boolean } = {}) => settle(phone, screen(), { observe: opts.observe, tree: opts.tree }),
};
Object.defineProperty(window, '__phonegym', { value: Object.freeze(debug), configurable: false, writable: false });

declare global {
  interface Window {
    __phonegym: typeof debug;
  }
}
