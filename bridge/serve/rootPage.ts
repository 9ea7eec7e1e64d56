/** What the env server's root says: what it is and how to use it, as JSON for programs and HTML for people. */

export interface ServerStatus {
  /** The environment served, `name@version+hash`. */
  env: string;
  capacity: number;
  sessions: number;
  /** Sessions with an operation running. */
  busy: number;
  free: number;
  queued: number;
  snapshots: number;
  idle_timeout_s: number;
}

const ENDPOINTS: [string, string][] = [
  ['GET /health', 'alive (no token)'],
  ['GET /ready', '200 while a phone is free, 503 with Retry-After when every phone is in a session (no token)'],
  ['GET /v1/tasks', 'the task ids this server has'],
  ['POST /v1/sessions', '{"task", "seed", "variant"?, "params"?, "screenshot"?, "reward"?: "sparse"|"progress", "max_steps"?, "wait_s"?} → 201 {session, observation, reward, done, truncated, info}; 429 + Retry-After when full'],
  ['POST /v1/sessions/{id}/reset', 'same body as create, without wait_s → the first observation'],
  ['POST /v1/sessions/{id}/step', '{"action": {"type": "tap", "x": 180, "y": 400}, "screenshot"?: false} → {observation, reward, done, truncated, info}'],
  ['GET /v1/sessions/{id}/state', '{episode_id, step_count, task, seed, variant, params, done, max_steps}'],
  ['POST /v1/sessions/{id}/snapshot', '→ {snapshot: id} (the whole phone and the episode so far)'],
  ['POST /v1/sessions/{id}/restore', '{"snapshot": id} → the observation there (any snapshot of this server)'],
  ['POST /v1/fork', '{"snapshot": id, "n": 8} → 201 {sessions: [ids], observation}: n new sessions in that state at once'],
  ['DELETE /v1/snapshots/{id}', 'forget a snapshot'],
  ['DELETE /v1/sessions/{id}', 'close the session (its phone goes back to the pool)'],
  ['WS /ws', "OpenEnv's protocol: {type: reset|step|state|close, data}; one socket, one session"],
];

export function rootJson(url: string, status: ServerStatus) {
  return {
    name: 'phonegym env server',
    what: 'A simulated phone with judged tasks, served to trainers: sessions you reset, step and fork, with a reward from the task\'s judge.',
    url,
    protocol: 1,
    auth: 'send the token `phonegym serve` printed as "Authorization: Bearer <token>" (or ?token=); /, /health, /ready, /metadata and /schema need none',
    ...status,
    endpoints: Object.fromEntries(ENDPOINTS),
    docs: 'docs/training.md: "The env server", "The Python client", "A group rollout"',
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function rootHtml(url: string, status: ServerStatus): string {
  const rows = ENDPOINTS.map(([e, what]) => `<tr><td><code>${escape(e)}</code></td><td>${escape(what)}</td></tr>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>phonegym env server</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td{vertical-align:top;padding:.2rem .6rem}code{font-size:13px}</style></head><body>
<h1>phonegym env server</h1>
<p>A simulated phone with judged tasks, served to trainers: create a session for a task and seed, step it with actions, read the reward from the task's judge, snapshot and fork it.</p>
<p>${escape(url)} serves <code>${escape(status.env)}</code>: <b>${status.capacity}</b> phones, ${status.sessions} in sessions, ${status.free} free, ${status.queued} queued, ${status.snapshots} snapshots kept${status.idle_timeout_s ? `; sessions idle ${status.idle_timeout_s} s are closed` : ''}.</p>
<p>Every <code>/v1</code> call and <code>/ws</code> needs the token the server printed: <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table>${rows}</table>
<p>Example: <code>curl -H "Authorization: Bearer $TOKEN" -d '{"task":"chat.PinChat","seed":3,"screenshot":false}' ${escape(url)}/v1/sessions</code></p>
<p>The Python client (a Gymnasium Env): <code>bridge/clients/python/phonegym_env.py</code>. Docs: <code>docs/training.md</code>.</p>
</body></html>`;
}

/** OpenEnv's `/schema`: JSON schemas of what a step takes and returns. */
export const ACTION_SCHEMA = {
  description: 'One phonegym Action (bridge/protocol/actions.ts), coordinates in the phone\'s CSS pixels (360x800)',
  oneOf: [
    { properties: { type: { const: 'tap' }, x: { type: 'number' }, y: { type: 'number' } }, required: ['type', 'x', 'y'] },
    { properties: { type: { const: 'double_tap' }, x: { type: 'number' }, y: { type: 'number' } }, required: ['type', 'x', 'y'] },
    { properties: { type: { const: 'long_press' }, x: { type: 'number' }, y: { type: 'number' }, durationMs: { type: 'number' } }, required: ['type', 'x', 'y'] },
    { properties: { type: { enum: ['swipe', 'drag'] }, x1: { type: 'number' }, y1: { type: 'number' }, x2: { type: 'number' }, y2: { type: 'number' }, durationMs: { type: 'number' } }, required: ['type', 'x1', 'y1', 'x2', 'y2'] },
    { properties: { type: { const: 'type' }, text: { type: 'string' }, x: { type: 'number' }, y: { type: 'number' }, clear: { type: 'boolean' } }, required: ['type', 'text'] },
    { properties: { type: { const: 'key' }, key: { enum: ['back', 'home', 'recent', 'enter'] } }, required: ['type', 'key'] },
    { properties: { type: { const: 'open_app' }, app: { type: 'string' } }, required: ['type', 'app'] },
    { properties: { type: { const: 'wait' }, ms: { type: 'number', minimum: 0 } }, required: ['type', 'ms'] },
    { properties: { type: { const: 'info' }, question: { type: 'string' } }, required: ['type', 'question'] },
    { properties: { type: { const: 'answer' }, text: { type: 'string' } }, required: ['type', 'text'] },
    { properties: { type: { const: 'complete' } }, required: ['type'] },
    { properties: { type: { const: 'abort' }, reason: { type: 'string' } }, required: ['type'] },
  ],
};
export const OBSERVATION_SCHEMA = {
  type: 'object',
  properties: {
    screenshot: { type: ['string', 'null'], description: 'base64 JPEG of the 360x800 screen, null when not asked for' },
    tree: { type: 'array', description: 'the UI tree: {index, role, text, key?, bounds: {x, y, w, h}, …}' },
    route: { type: 'object', properties: { app: { type: 'string' }, path: { type: 'string' } } },
    goal: { type: 'string' },
    events: { type: 'array' },
    step: { type: 'integer' },
    metadata: { type: 'object', description: 'info: task, seed, variant, params, steps, max_steps, state_hash, progress, stop_reason, verdict, truncated' },
  },
};
export const STATE_SCHEMA = { type: 'object', properties: { episode_id: { type: ['string', 'null'] }, step_count: { type: 'integer' }, task: { type: ['string', 'null'] }, seed: { type: ['integer', 'null'] }, done: { type: 'boolean' } } };
