/**
 * `phonegym …`: the one command a real phone does not have. The virtual device's phone is a
 * phonegym page, so its state tree can travel over adb like anything else, and a run in another
 * process can set tasks up on it and judge it by state (bridge/env/adbState.ts is the other end):
 *
 *   phonegym state                 a line {"route":…,"revision":N}, then the state JSON itself
 *   phonegym append FILE B64       adds base64 bytes to FILE (adb's host requests stop at 64 KB);
 *                                  an empty B64 ('') starts FILE over
 *   phonegym reset FILE [ROUTE]    gunzips FILE, sets the phone to that state at ROUTE (JSON), removes FILE
 *   phonegym deliver FILE          gunzips FILE, delivers its events (a JSON array)
 *   phonegym snapshot              prints the whole phone as a snapshot (one line)
 *   phonegym restore FILE          gunzips FILE, brings the phone back to that snapshot (too long for a command line)
 */
import { gunzipSync } from 'node:zlib';
import type { EnvironmentEvent } from '../protocol/messages.ts';
import type { Route } from '../protocol/state.ts';
import type { StateSource } from '../env/adbEnv.ts';
import { CommandError, type CommandIo } from './shellSyntax.ts';

const USAGE = 'usage: phonegym state | append FILE BASE64 | reset FILE [ROUTE_JSON] | deliver FILE | snapshot | restore FILE';

function takeFile(files: Map<string, Buffer>, name: string | undefined): string {
  if (!name) throw new CommandError(USAGE);
  const bytes = files.get(name);
  if (!bytes) throw new CommandError(`phonegym: ${name}: No such file (append it first)`);
  files.delete(name);
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch (e) {
    throw new CommandError(`phonegym: ${name} is not gzip data: ${(e as Error).message}`);
  }
}

function parse<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw new CommandError(`phonegym: ${what} is not JSON: ${(e as Error).message}`);
  }
}

export async function stateCommand(args: string[], io: CommandIo, files: Map<string, Buffer>, state: StateSource | undefined): Promise<void> {
  if (!state) throw new CommandError('phonegym: this phone has no state tree', 127);
  const [sub, a, b] = args;
  switch (sub) {
    case 'state': {
      const s = await state.getState();
      io.out(`${JSON.stringify({ route: s.route, revision: s.revision })}\n`);
      io.out(s.json);
      return;
    }
    case 'append': {
      if (!a || b === undefined || !/^[A-Za-z0-9+/=]*$/.test(b)) throw new CommandError(USAGE);
      files.set(a, b === '' ? Buffer.alloc(0) : Buffer.concat([files.get(a) ?? Buffer.alloc(0), Buffer.from(b, 'base64')]));
      return;
    }
    case 'reset': {
      const json = takeFile(files, a);
      const route = b === undefined ? undefined : parse<Route>(b, 'the route');
      await state.reset(json, route);
      return;
    }
    case 'deliver':
      await state.deliver(parse<EnvironmentEvent[]>(takeFile(files, a), 'the events'));
      return;
    case 'snapshot':
      io.out(`${await state.snapshot()}\n`);
      return;
    case 'restore':
      await state.restore(takeFile(files, a));
      return;
    default:
      throw new CommandError(USAGE);
  }
}
