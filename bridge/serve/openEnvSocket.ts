/**
 * OpenEnv's WebSocket protocol at `/ws` (as openenv-core's `EnvClient` speaks it; read from
 * meta-pytorch/OpenEnv, src/openenv/core/env_server/http_server.py and types.py): one socket is
 * one session, holding one phone from connect to close.
 *
 *   → {"type": "reset", "data": {"task": "chat.PinChat", "seed": 3}}     (OpenEnv's kwargs: seed, episode_id; ours: task, params, …)
 *   ← {"type": "observation", "data": {"observation": {…, "metadata": info}, "reward": null, "done": false}}
 *   → {"type": "step", "data": {"type": "tap", "x": 180, "y": 400}}     (the action itself; OpenEnv's "metadata" field is ignored)
 *   ← {"type": "observation", "data": {"observation": {…}, "reward": 0, "done": false}}
 *   → {"type": "state"}   ← {"type": "state", "data": {"episode_id": …, "step_count": …}}
 *   → {"type": "close"}
 *   ← {"type": "error", "data": {"message": …, "code": "VALIDATION_ERROR" | "EXECUTION_ERROR" | "CAPACITY_REACHED" | …}}
 *
 * Two message types of ours ride on the same socket (an OpenEnv client never sends them):
 * `snapshot` → `{"type": "snapshot", "data": {"snapshot": id}}` and `restore` with
 * `{"snapshot": id}` → an observation.
 */
import type { WebSocket } from 'ws';
import type { LoadedTask } from '../tasks/registry.ts';
import { SessionError, type StepOutcome, type TrainingSession } from './session.ts';
import { parseEpisode, parseRestore, parseStep, problemOf } from './wire.ts';

/** What a socket needs of the server: a session with a phone, given back when the socket ends. */
export interface SessionHost {
  readonly capacity: number;
  status(): { sessions: number };
  emptySession(): Promise<TrainingSession>;
  closeSession(s: TrainingSession, why: string): Promise<void>;
}

type Reply = { type: string; data: Record<string, unknown> };

/** OpenEnv's error codes (WSErrorCode) for our problems: the client's mistake or the env's failure. */
function errorReply(e: unknown): Reply {
  const p = problemOf(e);
  const code = p.code === 'at_capacity' ? 'CAPACITY_REACHED' : p.status >= 400 && p.status < 500 ? 'VALIDATION_ERROR' : 'EXECUTION_ERROR';
  return { type: 'error', data: { message: p.message, code, phonegym_code: p.code } };
}

/** OpenEnv's serialize_observation: reward and done beside the observation, the rest of ours in its metadata. */
function observationReply(o: StepOutcome, atReset: boolean): Reply {
  return { type: 'observation', data: { observation: { ...o.observation, reward: atReset ? null : o.reward, done: o.done, metadata: { ...o.info, truncated: o.truncated } }, reward: atReset ? null : o.reward, done: o.done } };
}

export function serveOpenEnvSocket(ws: WebSocket, server: SessionHost, tasks: readonly LoadedTask[], log: (line: string) => void): void {
  let session: TrainingSession | null = null;
  let closed = false;
  let screenshot = true;
  const send = (r: Reply) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(r));
  };
  const end = () => {
    if (closed) return;
    closed = true;
    if (session) void server.closeSession(session, 'its WebSocket closed');
  };
  ws.on('close', end);
  ws.on('error', end);
  // The session (and its phone) from the start, as OpenEnv does; a full server says so and closes.
  const opened = server.emptySession().then(
    (s) => {
      session = s;
      if (closed) void server.closeSession(s, 'its WebSocket closed');
      return s;
    },
    (e: unknown) => {
      const reply = errorReply(e);
      reply.data.max_sessions = server.capacity;
      reply.data.active_sessions = server.status().sessions;
      send(reply);
      ws.close(1013, 'at capacity');
      return null;
    },
  );
  // Messages are answered in order: each waits for the one before.
  let chain: Promise<unknown> = Promise.resolve();
  ws.on('message', (raw) => {
    chain = chain.then(async () => {
      const s = await opened;
      if (!s || closed) return;
      let msg: { type?: unknown; data?: unknown };
      try {
        msg = JSON.parse(String(raw));
      } catch (e) {
        return send({ type: 'error', data: { message: `Invalid JSON: ${(e as Error).message}`, code: 'INVALID_JSON' } });
      }
      try {
        const reply = await handle(s, msg);
        if (reply === 'close') {
          end();
          ws.close(1000, 'closed by the client');
        } else send(reply);
      } catch (e) {
        send(errorReply(e));
      }
    });
  });

  async function handle(s: TrainingSession, msg: { type?: unknown; data?: unknown }): Promise<Reply | 'close'> {
    const data = (msg.data ?? {}) as Record<string, unknown>;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new SessionError('data must be a JSON object', 400, 'bad_request');
    switch (msg.type) {
      case 'reset': {
        // OpenEnv's own reset kwarg: an episode id of the client's (kept in the state).
        const { episode_id: episodeId, ...rest } = data;
        const opts = parseEpisode(rest, tasks, [], 'reset data');
        screenshot = opts.screenshot;
        const outcome = await s.serial(() => s.reset(opts.episode, screenshot));
        if (typeof episodeId === 'string') s.clientEpisodeId = episodeId.slice(0, 255);
        return observationReply(outcome, true);
      }
      case 'step': {
        const { metadata: _ignored, ...action } = data;
        const { action: a } = parseStep({ action });
        return observationReply(await s.serial(() => s.step(a, screenshot)), false);
      }
      case 'state':
        return { type: 'state', data: s.state() };
      case 'close':
        return 'close';
      case 'snapshot':
        return { type: 'snapshot', data: { snapshot: await s.serial(() => s.snapshot()) } };
      case 'restore': {
        const r = parseRestore({ screenshot, ...data });
        return observationReply((await s.serial(() => s.restore(r.snapshot, r.screenshot)))!, true);
      }
      default:
        log(`serve: a socket sent an unknown message type ${JSON.stringify(msg.type)?.slice(0, 40)}`);
        return { type: 'error', data: { message: `Unknown message type: ${String(msg.type).slice(0, 40)} (reset, step, state, close; and phonegym's snapshot, restore)`, code: 'UNKNOWN_TYPE' } };
    }
  }
}
