/**
 * phonegym.toml, the environment manifest (seed 001's manifest, in phonegym's terms): what the
 * environment is (`name@version`), the services a run starts with how each is known to be ready,
 * the host variables forwarded (names only), episode isolation, the state backend and the task
 * root. A task root an author adds may carry its own phonegym.toml (`[task_root]` instead of
 * `[env]`): its name@version and the command services its tasks need, composed over the root one.
 *
 * Pure: a text in, a typed result out. Every problem names the file, the key (dotted), the line,
 * what was wrong and what to write instead; all of a file's problems are found at once.
 */
import { parse, TomlError } from 'smol-toml';
import { shortHash } from '../protocol/contentHash.ts';
import { keyLines, lineOf } from './keyLines.ts';
import { isTable, Reader, shown, type ManifestProblem, type Table } from './reader.ts';

export type { ManifestProblem } from './reader.ts';

/** How a service is known to be ready, and how long the run waits for it. */
export type ReadyProbe =
  /** The bridge: a page's WebSocket says hello within the timeout. */
  | { probe: 'ws_hello'; timeoutS: number }
  /** A phone page: it loads and connects to the bridge as a device within the timeout. */
  | { probe: 'device_ready'; timeoutS: number }
  /** An HTTP GET of `path` answers `status`. */
  | { probe: 'http'; host: string; port: number; path: string; status: number; timeoutS: number }
  /** A TCP connection to `port` is accepted. */
  | { probe: 'tcp'; host: string; port: number; timeoutS: number };
export type ProbeName = ReadyProbe['probe'];

export type ServiceSpec =
  | { name: string; kind: 'bridge'; ready: Extract<ReadyProbe, { probe: 'ws_hello' }> }
  | { name: string; kind: 'phone_page'; ready: Extract<ReadyProbe, { probe: 'device_ready' }> }
  /** A program started before the run (in its manifest's folder), probed, and stopped after it. */
  | { name: string; kind: 'command'; command: string[]; ready: Extract<ReadyProbe, { probe: 'http' | 'tcp' }>; file: string };
export type ServiceKind = ServiceSpec['kind'];

/**
 * How episodes share the phone (seed 001's `isolation`). Every task starts from its own seed's
 * state either way (bridge/runner/setup.ts). `persistent`: a session template's episodes
 * (bridge/tasks/session.ts) follow one another on one phone, each starting from the state the one
 * before left, with one agent that keeps its history. `per_task`: a fresh phone per episode, so
 * session templates cannot run and are rejected before the run (`session_isolation`).
 */
export const ISOLATIONS = ['per_task', 'persistent'] as const;
export type EpisodeIsolation = (typeof ISOLATIONS)[number];
/** The phone is one JSON state tree, snapshotted and restored in-page. */
export const STATE_BACKENDS = ['json'] as const;
export type StateBackend = (typeof STATE_BACKENDS)[number];

/** The root manifest: the whole environment. */
export interface EnvManifest {
  kind: 'env';
  file: string;
  text: string;
  name: string;
  version: string;
  isolation: EpisodeIsolation;
  state: { backend: StateBackend };
  /** The default folder of suites, relative to the manifest's folder (`--tasks-root` overrides it). */
  tasksRoot: string;
  forwardEnv: string[];
  services: ServiceSpec[];
}

/** A task root's manifest: its own name@version and what its tasks need besides the phone. */
export interface TaskRootManifest {
  kind: 'task_root';
  file: string;
  text: string;
  name: string;
  version: string;
  forwardEnv: string[];
  services: Extract<ServiceSpec, { kind: 'command' }>[];
}

export type Manifest = EnvManifest | TaskRootManifest;

export type ManifestResult<T> = { ok: true; value: T } | { ok: false; problems: ManifestProblem[] };

export function formatProblem(p: ManifestProblem): string {
  return `${p.file}${p.line !== null ? `:${p.line}` : ''}: ${p.key ? `${p.key}: ` : ''}${p.problem} — ${p.fix}`;
}

/** Default readiness timeouts (s) when a service does not give one. */
export const DEFAULT_TIMEOUT_S: Record<ServiceKind, number> = { bridge: 5, phone_page: 60, command: 30 };
const PROBE_OF_KIND: Record<ServiceKind, readonly ProbeName[]> = { bridge: ['ws_hello'], phone_page: ['device_ready'], command: ['http', 'tcp'] };
const PROBE_KEYS: Record<ProbeName, readonly string[]> = {
  ws_hello: ['probe', 'timeout_s'],
  device_ready: ['probe', 'timeout_s'],
  http: ['probe', 'host', 'port', 'path', 'status', 'timeout_s'],
  tcp: ['probe', 'host', 'port', 'timeout_s'],
};
const SERVICE_KINDS = Object.keys(PROBE_OF_KIND) as ServiceKind[];
const NAME_RE = /^[a-z][a-z0-9._-]*$/;
/** No `+`: it separates name@version from the content hash in an env id. */
const VERSION_RE = /^\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?$/;
const ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A TOML syntax error, as a problem at smol-toml's line and column. */
function syntaxProblem(e: TomlError, file: string): ManifestProblem {
  const what = e.message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '');
  return { file, line: e.line, key: '', problem: `not valid TOML at column ${e.column}: ${what}`, fix: 'fix the TOML syntax there (strings in double quotes, one key = value per line, [table] headers)' };
}

function readProbe(r: Reader, service: Table, path: string[], kind: ServiceKind): ReadyProbe | undefined {
  const probes = PROBE_OF_KIND[kind];
  const example = kind === 'command' ? '{ probe = "http", port = 8080, path = "/health", timeout_s = 30 }' : `{ probe = "${probes[0]}", timeout_s = ${DEFAULT_TIMEOUT_S[kind]} }`;
  const ready = r.table(service, path, 'ready', kind === 'command', example) ?? (kind === 'command' ? null : {});
  if (!ready) return undefined;
  const at = [...path, 'ready'];
  const probe = r.choice(ready, at, 'probe', probes, kind === 'command' ? undefined : probes[0], kind === 'command' ? '' : ` (a ${kind} service is ready when ${kind === 'bridge' ? 'a page says hello over its WebSocket' : 'the page connects as a device'})`);
  if (!probe) return undefined;
  r.onlyKeys(ready, at, PROBE_KEYS[probe], `a ${probe} probe`);
  const timeoutS = r.number(ready, at, 'timeout_s', { min: 0.1, max: 3600, fallback: DEFAULT_TIMEOUT_S[kind], what: 'a number of seconds', example: DEFAULT_TIMEOUT_S[kind] });
  if (timeoutS === undefined) return undefined;
  if (probe === 'ws_hello' || probe === 'device_ready') return { probe, timeoutS } as ReadyProbe;
  const host = r.string(ready, at, 'host', { example: '"127.0.0.1"' }) ?? '127.0.0.1';
  const port = r.number(ready, at, 'port', { min: 1, max: 65535, fallback: undefined, what: 'the TCP port the service listens on', integer: true, example: 8080 });
  if (probe === 'tcp') return port === undefined ? undefined : { probe, host, port, timeoutS };
  const pathValue = r.string(ready, at, 'path', { pattern: /^\//, rule: 'a path starting with /', example: '"/health"' }) ?? '/';
  const status = r.number(ready, at, 'status', { min: 100, max: 599, fallback: 200, what: 'the HTTP status a ready service answers', integer: true, example: 200 });
  if (port === undefined || status === undefined) return undefined;
  return { probe, host, port, path: pathValue, status, timeoutS };
}

function readServices(r: Reader, doc: Table, allowedKinds: readonly ServiceKind[], where: string): ServiceSpec[] {
  const services = r.table(doc, [], 'services', false, '[services.bridge] kind = "bridge"');
  const out: ServiceSpec[] = [];
  for (const [name, value] of Object.entries(services ?? {})) {
    const path = ['services', name];
    if (!NAME_RE.test(name)) r.report(path, `service name "${name}" is not lowercase letters, digits, -, _ or .`, 'rename it, e.g. [services.notes-api]');
    if (!isTable(value)) {
      r.report(path, `expected a table, got ${shown(value)}`, `write it as [services.${name}] with kind = …`);
      continue;
    }
    const kind = r.choice(value, path, 'kind', allowedKinds, undefined, allowedKinds.length === 1 ? ` (${where} declares only command services; the bridge and the phone pages belong to the root phonegym.toml)` : '');
    if (!kind) continue;
    r.onlyKeys(value, path, kind === 'command' ? ['kind', 'command', 'ready'] : ['kind', 'ready'], `a ${kind} service`);
    const ready = readProbe(r, value, path, kind);
    if (kind !== 'command') {
      if (ready) out.push({ name, kind, ready } as ServiceSpec);
      continue;
    }
    const command = value.command;
    if (typeof command === 'string') {
      r.report([...path, 'command'], `expected a list (the program and its arguments, no shell), got ${shown(command)}`, `write command = ${JSON.stringify(command.trim().split(/\s+/)).replace(/","/g, '", "')}`);
      continue;
    }
    if (!Array.isArray(command) || command.length === 0 || !command.every((a) => typeof a === 'string' && a.length > 0)) {
      r.report([...path, 'command'], command === undefined ? 'command is missing' : `expected a non-empty list of strings, got ${shown(command)}`, 'write command = ["node", "server.mjs"] (run in the manifest\'s folder)');
      continue;
    }
    if (ready) out.push({ name, kind, command: command as string[], ready: ready as Extract<ReadyProbe, { probe: 'http' | 'tcp' }>, file: r.file });
  }
  return out;
}

function readIdentity(r: Reader, doc: Table, section: 'env' | 'task_root', allowed: readonly string[]): { name?: string; version?: string; table: Table | null } {
  const table = r.table(doc, [], section, true, `[${section}] name = "…" version = "0.1.0"`);
  if (!table) return { table };
  r.onlyKeys(table, [section], allowed, `[${section}]`);
  const written = typeof table.name === 'string' ? table.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z]+/, '') : '';
  const name = r.string(table, [section], 'name', { required: 'the environment\'s name', pattern: NAME_RE, rule: 'lowercase letters, digits, -, _ or .', example: JSON.stringify(written || 'phonegym') });
  const version = r.string(table, [section], 'version', { required: 'its version', pattern: VERSION_RE, rule: 'a version such as 0.1.0 or 1.2.0-rc.1 (no +: it starts the content hash in an env id)', example: '"0.1.0"' });
  return { name, version, table };
}

function readForwardEnv(r: Reader, doc: Table): string[] {
  const fwd = r.table(doc, [], 'forward_env', false, '[forward_env] names = ["OPENAI_API_KEY"]');
  if (!fwd) return [];
  r.onlyKeys(fwd, ['forward_env'], ['names'], '[forward_env] (names only: a value never goes in a manifest)');
  return r.stringList(fwd, ['forward_env'], 'names', { pattern: ENV_NAME_RE, rule: 'an environment variable name (letters, digits, _)', example: '["OPENAI_API_KEY"]' });
}

/** Reads one phonegym.toml: the root manifest (`[env]`) or a task root's (`[task_root]`). */
export function parseManifest(text: string, file: string): ManifestResult<Manifest> {
  let doc: Table;
  try {
    doc = parse(text) as Table;
  } catch (e) {
    if (e instanceof TomlError) return { ok: false, problems: [syntaxProblem(e, file)] };
    throw e;
  }
  const r = new Reader(file, text);
  if (doc.env === undefined && doc.task_root !== undefined) return readTaskRoot(r, doc, text);
  if (doc.env !== undefined && doc.task_root !== undefined) r.report(['task_root'], 'a manifest is either the root one ([env]) or a task root\'s ([task_root]), not both', 'keep [env] here; put [task_root] in the phonegym.toml of the task root\'s folder');
  r.onlyKeys(doc, [], ['env', 'state', 'tasks', 'forward_env', 'services', ...(doc.task_root !== undefined ? ['task_root'] : [])], 'the root manifest');
  const { name, version, table: envTable } = readIdentity(r, doc, 'env', ['name', 'version', 'isolation']);
  const isolation = envTable ? r.choice(envTable, ['env'], 'isolation', ISOLATIONS, 'per_task', ' (per_task: a fresh phone per episode; persistent: a session template\'s episodes follow one another on one phone)') : undefined;
  const state = r.table(doc, [], 'state', true, '[state] backend = "json"');
  let backend: StateBackend | undefined;
  if (state) {
    r.onlyKeys(state, ['state'], ['backend'], '[state]');
    backend = r.choice(state, ['state'], 'backend', STATE_BACKENDS, undefined, ' (the phone is one JSON state tree, snapshotted and restored in-page)');
  }
  const tasks = r.table(doc, [], 'tasks', true, '[tasks] root = "tasks"');
  let tasksRoot: string | undefined;
  if (tasks) {
    r.onlyKeys(tasks, ['tasks'], ['root'], '[tasks]');
    tasksRoot = r.string(tasks, ['tasks'], 'root', { required: 'the folder of suites, relative to this file', example: '"tasks"' });
  }
  const forwardEnv = readForwardEnv(r, doc);
  const services = readServices(r, doc, SERVICE_KINDS, 'the root manifest');
  for (const kind of ['bridge', 'phone_page'] as const) {
    const n = services.filter((s) => s.kind === kind).length;
    const declared = Object.values((doc.services as Table | undefined) ?? {}).filter((s) => isTable(s) && s.kind === kind).length;
    if (declared === 0) r.report(['services'], `no ${kind} service: every run starts ${kind === 'bridge' ? 'the bridge' : 'the phone pages'}`, `add [services.${kind === 'bridge' ? 'bridge' : 'phone'}] with kind = "${kind}"`);
    else if (declared > 1 || n > 1) r.report(['services'], `${declared} ${kind} services: a run starts exactly one`, `keep one [services.…] with kind = "${kind}"`);
  }
  if (r.problems.length) return { ok: false, problems: r.sorted() };
  return { ok: true, value: { kind: 'env', file, text, name: name!, version: version!, isolation: isolation!, state: { backend: backend! }, tasksRoot: tasksRoot!, forwardEnv, services } };
}

function readTaskRoot(r: Reader, doc: Table, text: string): ManifestResult<Manifest> {
  const rootOnly = ['state', 'tasks'];
  for (const key of Object.keys(doc)) {
    if (rootOnly.includes(key)) r.report([key], `[${key}] belongs to the root phonegym.toml: a task root uses the root's`, `remove [${key}] from this task root's manifest`);
  }
  r.onlyKeys(Object.fromEntries(Object.entries(doc).filter(([k]) => !rootOnly.includes(k))), [], ['task_root', 'forward_env', 'services'], 'a task root\'s manifest');
  const { name, version } = readIdentity(r, doc, 'task_root', ['name', 'version']);
  const forwardEnv = readForwardEnv(r, doc);
  const services = readServices(r, doc, ['command'], 'a task root\'s manifest') as TaskRootManifest['services'];
  if (r.problems.length) return { ok: false, problems: r.sorted() };
  return { ok: true, value: { kind: 'task_root', file: r.file, text, name: name!, version: version!, forwardEnv, services } };
}

/** The environment a run uses: the root manifest, with a task root's manifest over it when it has one. */
export interface Environment {
  /** name@version: the task root's when it has a manifest (the benchmark its author publishes), else the root's. */
  name: string;
  version: string;
  base: { name: string; version: string; file: string };
  taskRoot: { name: string; version: string; file: string } | null;
  isolation: EpisodeIsolation;
  state: { backend: StateBackend };
  forwardEnv: string[];
  services: ServiceSpec[];
  /** The manifests' texts, root first: part of the env id's content hash. */
  texts: string[];
}

export function composeEnvironment(root: EnvManifest, taskRoot: TaskRootManifest | null): ManifestResult<Environment> {
  const problems: ManifestProblem[] = [];
  const services: ServiceSpec[] = [...root.services];
  const lines = taskRoot ? keyLines(taskRoot.text) : new Map<string, number>();
  for (const s of taskRoot?.services ?? []) {
    if (services.some((o) => o.name === s.name)) {
      problems.push({ file: taskRoot!.file, line: lineOf(lines, ['services', s.name]), key: `services.${s.name}`, problem: `the root manifest ${root.file} already declares a service "${s.name}"`, fix: `rename it, e.g. [services.${taskRoot!.name}-${s.name}]` });
    } else services.push(s);
  }
  for (const s of services) {
    if (s.kind !== 'command') continue;
    const clash = services.find((o) => o !== s && o.kind === 'command' && o.ready.port === s.ready.port && o.ready.host === s.ready.host);
    if (clash && services.indexOf(clash) < services.indexOf(s)) {
      const own = keyLines(s.file === root.file ? root.text : taskRoot!.text);
      problems.push({ file: s.file, line: lineOf(own, ['services', s.name, 'ready', 'port']), key: `services.${s.name}.ready.port`, problem: `port ${s.ready.port} is also service "${clash.name}"'s`, fix: 'give each service a port of its own' });
    }
  }
  if (problems.length) return { ok: false, problems };
  const own = taskRoot ?? root;
  return {
    ok: true,
    value: {
      name: own.name,
      version: own.version,
      base: { name: root.name, version: root.version, file: root.file },
      taskRoot: taskRoot ? { name: taskRoot.name, version: taskRoot.version, file: taskRoot.file } : null,
      isolation: root.isolation,
      state: root.state,
      forwardEnv: [...new Set([...root.forwardEnv, ...(taskRoot?.forwardEnv ?? [])])],
      services,
      texts: [root.text, ...(taskRoot ? [taskRoot.text] : [])],
    },
  };
}

/** What a service is, in a few words (for `phonegym env info` and errors). */
export function describeProbe(p: ReadyProbe): string {
  switch (p.probe) {
    case 'ws_hello':
      return `WebSocket hello within ${p.timeoutS} s`;
    case 'device_ready':
      return `page connects as a device within ${p.timeoutS} s`;
    case 'http':
      return `GET http://${p.host}:${p.port}${p.path} answers ${p.status} within ${p.timeoutS} s`;
    case 'tcp':
      return `TCP ${p.host}:${p.port} accepts within ${p.timeoutS} s`;
  }
}

/**
 * The env id every result row and meta.json carry: `name@version+hash`, the hash over the
 * manifests' texts, the phone's build (`hashes.app_build`) and the task set (one hash over the task
 * files' hashes, protocol/contentHash.ts): the same id means the same environment, byte for byte.
 */
export function envIdOf(env: Pick<Environment, 'name' | 'version' | 'texts'>, hashes: { appBuild: string; taskSet: string }): string {
  return `${env.name}@${env.version}+${shortHash([...env.texts, hashes.appBuild, hashes.taskSet].join('\n\u0000'))}`;
}
