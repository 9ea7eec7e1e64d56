/**
 * The command services of an environment (a task root's API server, say): each started in its
 * manifest's folder with only the forwarded host variables, probed until ready (HTTP status or a
 * TCP connect) within its timeout, and stopped after the run. A service that exits or is not ready
 * in time stops the ones already up and fails with its name, its probe and its last output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { PhonegymError } from '../protocol/errors.ts';
import { describeProbe, type ReadyProbe, type ServiceSpec } from './manifest.ts';

type CommandService = Extract<ServiceSpec, { kind: 'command' }>;

/** Between probe attempts: a probe is a question asked again until the answer is yes. */
const PROBE_INTERVAL_MS = 50;
/** The bytes of a service's output kept for an error message. */
const OUTPUT_TAIL = 2000;

export class ServiceNotReadyError extends PhonegymError {
  override name = 'ServiceNotReadyError';
  constructor(message: string, details: Record<string, unknown>) {
    super(message, { code: 'service_not_ready', details });
  }
}

export interface RunningServices {
  /** The services up, by name. */
  names: string[];
  /** Stops every service (the process group), waiting for each to exit. */
  stop(): Promise<void>;
}

/** The environment a service sees: the forwarded names that are set here, and PATH so its program resolves. */
export function forwardedEnv(names: readonly string[], from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['PATH', ...names]) if (from[name] !== undefined) out[name] = from[name]!;
  return out;
}

/** One attempt: null when ready, else what the probe saw. */
function probeOnce(p: Extract<ReadyProbe, { probe: 'http' | 'tcp' }>): Promise<string | null> {
  return new Promise((resolve) => {
    if (p.probe === 'tcp') {
      const socket = connect({ host: p.host, port: p.port });
      socket.once('connect', () => (socket.destroy(), resolve(null)));
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      return;
    }
    const req = request({ host: p.host, port: p.port, path: p.path, method: 'GET', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === p.status ? null : `answered ${res.statusCode}`);
    });
    req.once('timeout', () => req.destroy(new Error('no answer in 2 s')));
    req.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  try {
    process.kill(-child.pid!, 'SIGTERM'); // the whole group: a service's own children go too
  } catch {
    child.kill('SIGTERM');
  }
  await gone;
}

/** Starts one service and waits until its probe says ready; throws ServiceNotReadyError otherwise. */
async function startOne(s: CommandService, env: Record<string, string>, signal?: AbortSignal): Promise<ChildProcess> {
  const child = spawn(s.command[0]!, s.command.slice(1), { cwd: dirname(s.file), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (b: Buffer) => (output = (output + b.toString('utf8')).slice(-OUTPUT_TAIL));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | null = null;
  let spawnError: string | null = null;
  child.once('error', (e) => (spawnError = e.message));
  const gone = new Promise<void>((r) => child.once('exit', (code, sig) => ((exit = sig ? `was killed by ${sig}` : `exited with code ${code}`), r())));
  const what = `service "${s.name}" (${s.command.join(' ')}, from ${s.file})`;
  const fail = async (why: string): Promise<never> => {
    await stopChild(child);
    const tail = output.trim() ? `; its last output:\n${output.trim().split('\n').slice(-10).map((l) => `    ${l}`).join('\n')}` : '';
    throw new ServiceNotReadyError(`${what} ${why}${tail}`, { service: s.name, probe: s.ready });
  };
  const deadline = Date.now() + s.ready.timeoutS * 1000;
  let seen = 'no answer yet';
  for (;;) {
    if (spawnError) return fail(`could not start: ${spawnError} (check command in the manifest)`);
    if (exit) return fail(`${exit} before it was ready (probe: ${describeProbe(s.ready)})`);
    if (signal?.aborted) return fail('was stopped before it was ready: the run was interrupted');
    const answer = await probeOnce(s.ready);
    if (answer === null) return child;
    seen = answer;
    if (Date.now() >= deadline) return fail(`was not ready in ${s.ready.timeoutS} s (probe: ${describeProbe(s.ready)}; last attempt: ${seen}); raise ready.timeout_s in the manifest if it needs longer`);
    // The next attempt, or at once when the service exits meanwhile.
    await new Promise<void>((r) => {
      const t = setTimeout(r, PROBE_INTERVAL_MS);
      void gone.then(() => (clearTimeout(t), r()));
    });
  }
}

/** Starts the environment's command services in order, each ready before the next starts. */
export async function startCommandServices(services: readonly ServiceSpec[], opts: { forwardEnv: readonly string[]; log?: (line: string) => void; signal?: AbortSignal }): Promise<RunningServices> {
  const env = forwardedEnv(opts.forwardEnv);
  const running: { name: string; child: ChildProcess }[] = [];
  const stop = async () => {
    for (const r of running.splice(0).reverse()) await stopChild(r.child);
  };
  try {
    for (const s of services) {
      if (s.kind !== 'command') continue;
      const child = await startOne(s, env, opts.signal);
      running.push({ name: s.name, child });
      opts.log?.(`service ${s.name}: ready (${describeProbe(s.ready)})`);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { names: running.map((r) => r.name), stop };
}
