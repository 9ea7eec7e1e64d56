/**
 * Android's `input` command on a `VirtualPhone`: `input [SOURCE] [-d DISPLAY] COMMAND ARGS`.
 * Coordinates are device pixels, divided by the scale into the phone's CSS pixels.
 * `motionevent` keeps one finger across command lines (DOWN, MOVE…, UP), as a real phone does;
 * on UP it becomes a tap when the finger stayed within TAP_SLOP_PX of where it went down, else
 * a drag from there to where it lifted. A swipe that stays within that slop is a tap, or a long
 * press when it lasts LONG_PRESS_MS or more.
 */
import type { KeyName } from '../protocol/actions.ts';
import { CommandError, type CommandIo } from './shellSyntax.ts';

/** How far (device pixels) a finger may wander and still tap: Android's touch slop is 8 dp-ish. */
export const TAP_SLOP_PX = 8;
/** `input swipe` without a duration: Android's default. */
const DEFAULT_SWIPE_MS = 300;
/** A finger held still this long presses long (Android 14's ViewConfiguration long-press timeout). */
export const LONG_PRESS_MS = 400;

const SOURCES = new Set(['keyboard', 'mouse', 'joystick', 'touchnavigation', 'touchpad', 'trackball', 'dpad', 'stylus', 'touchscreen', 'gamepad', 'rotaryencoder']);

/** Keycode names (with or without `KEYCODE_`) and numbers the phone has a key for. */
const KEYS: Record<string, KeyName> = {
  KEYCODE_BACK: 'back',
  KEYCODE_HOME: 'home',
  KEYCODE_APP_SWITCH: 'recent',
  KEYCODE_ENTER: 'enter',
  '4': 'back',
  '3': 'home',
  '187': 'recent',
  '66': 'enter',
};

/** What `input` drives: a phone's fingers and keys, in CSS pixels. */
export interface InputPhone {
  tap(x: number, y: number): Promise<void>;
  longPress(x: number, y: number, ms: number): Promise<void>;
  /** A fling (the list keeps moving). */
  swipe(x1: number, y1: number, x2: number, y2: number, ms: number): Promise<void>;
  /** A slow drag (nothing keeps moving after the finger lifts). */
  drag(x1: number, y1: number, x2: number, y2: number, ms: number): Promise<void>;
  key(key: KeyName): Promise<void>;
  typeText(text: string): Promise<void>;
  /** Empties the focused text field (the ADB keyboard's ADB_CLEAR_TEXT). */
  clearText(): Promise<void>;
}

/** A finger `input motionevent` is moving, in device pixels. */
export interface PointerTrack {
  start: { x: number; y: number };
  last: { x: number; y: number };
  /** The farthest the finger has been from `start`. */
  farthest: number;
}

const USAGE = `Usage: input [<source>] <command> [<arg>...]
  tap <x> <y>
  swipe <x1> <y1> <x2> <y2> [duration(ms)]   (not moving: a tap, or a long press from ${LONG_PRESS_MS} ms)
  draganddrop <x1> <y1> <x2> <y2> [duration(ms)]
  keyevent <key code number or name> ...   (KEYCODE_BACK 4, KEYCODE_HOME 3, KEYCODE_APP_SWITCH 187, KEYCODE_ENTER 66)
  text <string>   (%s is a space)
  motionevent <DOWN|UP|MOVE|CANCEL> <x> <y>
(coordinates in device pixels)`;

export async function inputCommand(argv: string[], io: CommandIo, phone: InputPhone, scale: number, pointer: { track: PointerTrack | null }): Promise<void> {
  let args = argv;
  if (args[0] !== undefined && SOURCES.has(args[0])) args = args.slice(1);
  if (args[0] === '-d') args = args.slice(2); // there is one display
  const [command, ...rest] = args;
  const invalid = () => new CommandError(`Error: Invalid arguments for command: ${command}\n${USAGE}`);
  /** The first `n` arguments as CSS pixels. */
  const points = (n: number) => rest.slice(0, n).map((s) => coordinate(s, command ?? '') / scale);
  switch (command) {
    case 'tap': {
      if (rest.length !== 2) throw invalid();
      const [x, y] = points(2) as [number, number];
      return phone.tap(x, y);
    }
    case 'swipe':
    case 'draganddrop': {
      if (rest.length !== 4 && rest.length !== 5) throw invalid();
      const [x1, y1, x2, y2] = points(4) as [number, number, number, number];
      const ms = rest[4] === undefined ? DEFAULT_SWIPE_MS : duration(rest[4], command);
      // A stroke that does not move is a press, as on a phone: `input swipe x y x y 800` is how
      // adb clients long-press.
      if (Math.hypot(x2 - x1, y2 - y1) * scale <= TAP_SLOP_PX) return ms >= LONG_PRESS_MS ? phone.longPress(x1, y1, ms) : phone.tap(x1, y1);
      const stroke = command === 'swipe' ? phone.swipe.bind(phone) : phone.drag.bind(phone);
      return stroke(x1, y1, x2, y2, ms);
    }
    case 'keyevent': {
      const keys = rest.filter((k) => k !== '--async');
      if (!keys.length) throw invalid();
      const named = keys.map((k) => {
        const key = KEYS[k.toUpperCase()] ?? KEYS[`KEYCODE_${k.toUpperCase()}`];
        if (!key) throw new CommandError(`input keyevent: ${k} is not a key the phonegym virtual device has (it has KEYCODE_BACK 4, KEYCODE_HOME 3, KEYCODE_APP_SWITCH 187, KEYCODE_ENTER 66)`);
        return key;
      });
      for (const key of named) await phone.key(key);
      return;
    }
    case 'text': {
      // Android types only the first argument (`input text a b` types "a"); %s is its space.
      if (rest[0] === undefined) throw invalid();
      return phone.typeText(rest[0].replace(/%s/g, ' '));
    }
    case 'motionevent':
      return motionEvent(rest, phone, scale, pointer);
    case undefined:
      throw new CommandError(USAGE);
    default:
      io.err(`Error: Unknown command: ${command}\n`);
      throw new CommandError(USAGE);
  }
}

async function motionEvent(args: string[], phone: InputPhone, scale: number, pointer: { track: PointerTrack | null }): Promise<void> {
  const action = args[0]?.toUpperCase();
  if (action === 'CANCEL') {
    pointer.track = null;
    return;
  }
  if ((action !== 'DOWN' && action !== 'MOVE' && action !== 'UP') || args.length !== 3) throw new CommandError(`Error: Invalid arguments for command: motionevent\n${USAGE}`);
  const p = { x: coordinate(args[1]!, 'motionevent'), y: coordinate(args[2]!, 'motionevent') };
  if (action === 'DOWN') {
    pointer.track = { start: p, last: p, farthest: 0 };
    return;
  }
  const track = pointer.track;
  if (!track) return; // a MOVE or UP with no finger down moves nothing, as on a phone
  track.last = p;
  track.farthest = Math.max(track.farthest, Math.hypot(p.x - track.start.x, p.y - track.start.y));
  if (action === 'MOVE') return;
  pointer.track = null;
  const { start } = track;
  if (track.farthest <= TAP_SLOP_PX) return phone.tap(start.x / scale, start.y / scale);
  return phone.drag(start.x / scale, start.y / scale, p.x / scale, p.y / scale, DEFAULT_SWIPE_MS);
}

function coordinate(s: string, command: string): number {
  const v = Number(s);
  if (!s.trim() || !Number.isFinite(v)) throw new CommandError(`Error: input ${command}: "${s}" is not a number (coordinates are device pixels)`);
  return v;
}

function duration(s: string, command: string): number {
  const v = Number(s);
  if (!/^\d+$/.test(s)) throw new CommandError(`Error: input ${command}: duration "${s}" is not a whole number of milliseconds`);
  return v;
}
