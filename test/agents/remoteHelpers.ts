/** What the remote agent's tests share: a bridge with the hub, the hub's HTTP calls, turns and a Python client process. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { agentHubOf } from '../../bridge/agents/remoteHub.ts';
import type { EpisodeTiming, StartInput } from '../../bridge/agents/remoteEpisode.ts';
import type { EnvironmentEvent } from '../../bridge/protocol/messages.ts';
import type { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { bridgesClosedAfterEach } from '../bridge/helpers.ts';

/** Call at a file's top: returns `bridge()`, a bridge with the remote-agent hub mounted, as `phonegym run --agent remote` has it (closed after each test). */
export function remoteBridge() {
  const bareBridge = bridgesClosedAfterEach();
  return async () => {
    const started = await bareBridge();
    agentHubOf(started.server);
    return started;
  };
}

export const PY_DIR = fileURLToPath(new URL('../../bridge/clients/python/', import.meta.url));

export const timing = (over: Partial<EpisodeTiming> = {}): EpisodeTiming => ({ connectTimeoutMs: 60_000, turnTimeoutMs: 60_000, howToConnect: 'Start a client.', ...over });
export const start = (taskId = 'chat.PinChat'): StartInput => ({
  task_id: taskId,
  goal: `goal of ${taskId}`,
  max_steps: 10,
  seed: 1,
  eval_mode: 'grounded',
  coords: { space: 'pixels', width: 360, height: 800 },
  screen: { width: 360, height: 800 },
  viewport: { width: 360, height: 800 },
});
export const obs = (step: number, events: EnvironmentEvent[] = []) => ({ step, route: { app: 'chat', path: '/chats' }, tree: [], screenshot: 'AAAA', feedback: [], events });

export interface Reply {
  status: number;
  body: any;
}

export async function call(server: BridgeServer, method: string, path: string, body?: unknown, auth: { token?: string | null; query?: boolean } = {}): Promise<Reply> {
  const token = auth.token === undefined ? server.token : auth.token;
  const url = new URL(server.url + path);
  const headers: Record<string, string> = {};
  if (token !== null) {
    if (auth.query) url.searchParams.set('token', token);
    else headers.Authorization = `Bearer ${token}`;
  }
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const next = (server: BridgeServer, client: string, waitS = 10) => call(server, 'POST', '/agent/v1/next', { client, wait_s: waitS });
export const answer = (server: BridgeServer, body: Record<string, unknown>) => call(server, 'POST', '/agent/v1/act', body);

export interface Child {
  exit: Promise<{ code: number | null; stderr: string }>;
  kill(): void;
}

export function spawnPython(args: string[]): Child {
  // No __pycache__ left in the checkout.
  const child = spawn('python3', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return { exit, kill: () => child.exitCode === null && child.kill() };
}
