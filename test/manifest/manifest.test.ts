/**
 * phonegym.toml read by the pure validator: the checkout's own manifest, each kind of problem
 * with its file, line, dotted key and fix, unknown keys with the nearest one, a task root's
 * manifest composed over the root one, and the env id's hash.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyLines } from '../../bridge/manifest/keyLines.ts';
import { composeEnvironment, envIdOf, formatProblem, parseManifest, type EnvManifest, type ManifestProblem, type TaskRootManifest } from '../../bridge/manifest/manifest.ts';
import { REPO_ROOT } from '../../bridge/paths.ts';

const ROOT = `[env]
name = "phonegym"
version = "0.1.0"
isolation = "per_task"

[state]
backend = "json"

[tasks]
root = "tasks"

[forward_env]
names = ["LANG"]

[services.bridge]
kind = "bridge"
ready = { probe = "ws_hello", timeout_s = 5 }

[services.phone]
kind = "phone_page"
[services.phone.ready]
timeout_s = 60
`;

/** The root manifest with line `n` (1-based) replaced. */
const withLine = (n: number, text: string, base = ROOT) => base.split('\n').map((l, i) => (i === n - 1 ? text : l)).join('\n');

function problems(text: string, file = 'phonegym.toml'): ManifestProblem[] {
  const r = parseManifest(text, file);
  if (r.ok) throw new Error('expected problems, the manifest was accepted');
  return r.problems;
}

function root(text = ROOT): EnvManifest {
  const r = parseManifest(text, 'phonegym.toml');
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  return r.value as EnvManifest;
}

const TASK_ROOT = `[task_root]
name = "notes-bench"
version = "0.2.0"

[forward_env]
names = ["NOTES_TOKEN", "LANG"]

[services.notes]
kind = "command"
command = ["node", "notes.mjs"]
ready = { probe = "http", port = 9123, path = "/health" }
`;

function taskRoot(text = TASK_ROOT): TaskRootManifest {
  const r = parseManifest(text, 'bench/phonegym.toml');
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  return r.value as TaskRootManifest;
}

describe('a good manifest', () => {
  it("the checkout's phonegym.toml: phonegym, the bridge and the phone pages with their probes", () => {
    const m = root(readFileSync(join(REPO_ROOT, 'phonegym.toml'), 'utf8'));
    expect([m.name, m.isolation, m.state.backend, m.tasksRoot]).toEqual(['phonegym', 'persistent', 'json', 'tasks']);
    expect(m.services).toEqual([
      { name: 'bridge', kind: 'bridge', ready: { probe: 'ws_hello', timeoutS: 5 } },
      { name: 'phone', kind: 'phone_page', ready: { probe: 'device_ready', timeoutS: 60 } },
    ]);
  });

  it('fills what a service may leave out: its probe by kind, an http probe\'s host, path and status', () => {
    const m = root(ROOT + `\n[services.api]\nkind = "command"\ncommand = ["node", "api.mjs"]\nready = { probe = "http", port = 8080 }\n`);
    expect(m.services.find((s) => s.name === 'phone')!.ready).toEqual({ probe: 'device_ready', timeoutS: 60 });
    expect(m.services.find((s) => s.name === 'api')).toEqual({ name: 'api', kind: 'command', command: ['node', 'api.mjs'], file: 'phonegym.toml', ready: { probe: 'http', host: '127.0.0.1', port: 8080, path: '/', status: 200, timeoutS: 30 } });
  });
});

describe('each problem names its file, line and key, and what to write instead', () => {
  it('a value of the wrong type: the line of the inline table it is in', () => {
    const [p, ...more] = problems(withLine(17, 'ready = { probe = "ws_hello", timeout_s = "ten" }'));
    expect(more).toEqual([]);
    expect(formatProblem(p!)).toBe('phonegym.toml:17: services.bridge.ready.timeout_s: expected a number of seconds, got "ten" — write timeout_s = 5');
  });

  it('a number written as a string is shown as the number to write', () => {
    const [p] = problems(withLine(22, 'timeout_s = "90"'));
    expect(formatProblem(p!)).toBe('phonegym.toml:22: services.phone.ready.timeout_s: expected a number of seconds, got "90" — write timeout_s = 90 (a number, without quotes)');
  });

  it('an unknown key, with the nearest known one', () => {
    const [p] = problems(withLine(4, 'isolaton = "per_task"'));
    expect(p).toMatchObject({ line: 4, key: 'env.isolaton', fix: 'write isolation instead' });
    expect(p!.problem).toContain('(did you mean isolation?)');
    const [far] = problems(ROOT + '\n[colour]\nred = 1\n');
    expect(formatProblem(far!)).toBe('phonegym.toml:24: colour: unknown key "colour" in the root manifest — remove it (the root manifest takes env, state, tasks, forward_env, services)');
  });

  it('a probe key the probe does not use', () => {
    const [p] = problems(withLine(17, 'ready = { probe = "ws_hello", port = 80 }'));
    expect(formatProblem(p!)).toMatch(/^phonegym\.toml:17: services\.bridge\.ready\.port: unknown key "port" in a ws_hello probe — remove it \(a ws_hello probe takes probe, timeout_s\)$/);
  });

  it('a choice outside its values: a probe of another kind, a state backend, an isolation', () => {
    expect(formatProblem(problems(withLine(17, 'ready = { probe = "http" }'))[0]!)).toMatch(/^phonegym\.toml:17: services\.bridge\.ready\.probe: "http" is not one of "ws_hello" \(a bridge service is ready when a page says hello over its WebSocket\) — write probe = "ws_hello"$/);
    expect(problems(withLine(7, 'backend = "sqlite"'))[0]).toMatchObject({ line: 7, key: 'state.backend', fix: 'write backend = "json"' });
    const [shared] = problems(withLine(4, 'isolation = "shared"'));
    expect(shared).toMatchObject({ line: 4, key: 'env.isolation' });
    expect(shared!.problem).toContain('"shared" is not one of "per_task", "persistent"');
    expect(shared!.problem).toContain('persistent: a session template\'s episodes follow one another on one phone');
  });

  it('isolation "persistent" is accepted, and carried into the composed environment', () => {
    const m = parseManifest(withLine(4, 'isolation = "persistent"'), 'phonegym.toml');
    if (!m.ok || m.value.kind !== 'env') throw new Error(m.ok ? 'not a root manifest' : m.problems.map(formatProblem).join('\n'));
    expect(m.value.isolation).toBe('persistent');
    const c = composeEnvironment(m.value, null);
    expect(c.ok && c.value.isolation).toBe('persistent');
  });

  it('name and version: what they may hold (no + in a version: it starts the env id\'s hash)', () => {
    const found = problems(withLine(3, 'version = "1.0+build"', withLine(2, 'name = "Phone Gym"')));
    expect(found.map(formatProblem)).toEqual([
      'phonegym.toml:2: env.name: "Phone Gym" is not lowercase letters, digits, -, _ or . — write name = "phone-gym"',
      'phonegym.toml:3: env.version: "1.0+build" is not a version such as 0.1.0 or 1.2.0-rc.1 (no +: it starts the content hash in an env id) — write version = "0.1.0"',
    ]);
  });

  it('a command written as one string: the list to write instead', () => {
    const [p] = problems(ROOT + '\n[services.api]\nkind = "command"\ncommand = "node api.mjs --port 8080"\nready = { probe = "tcp", port = 8080 }\n');
    expect(formatProblem(p!)).toBe('phonegym.toml:26: services.api.command: expected a list (the program and its arguments, no shell), got "node api.mjs --port 8080" — write command = ["node", "api.mjs", "--port", "8080"]');
  });

  it('a forwarded variable given with a value is refused: names only', () => {
    const [p] = problems(withLine(13, 'names = ["OPENAI_API_KEY=sk-123"]'));
    expect(p).toMatchObject({ line: 13, key: 'forward_env.names' });
    expect(p!.problem).toContain('is not an environment variable name');
    const [table] = problems(withLine(13, 'OPENAI_API_KEY = "sk-123"'));
    expect(table).toMatchObject({ line: 13, key: 'forward_env.OPENAI_API_KEY' });
    expect(table!.problem).toContain('names only: a value never goes in a manifest');
  });

  it('what is missing: a table, a required key, the bridge or the phone pages (all found at once)', () => {
    const found = problems('[env]\nname = "x"\n[tasks]\n');
    expect(found.map((p) => [p.line, p.key])).toEqual([
      // A missing key is shown at its table's line, where it goes.
      [1, 'env.version'],
      [3, 'tasks.root'],
      [null, 'state'],
      [null, 'services'],
      [null, 'services'],
    ]);
    expect(found.map((p) => p.fix)).toContain('add it, e.g. [state] backend = "json"');
  });

  it('a TOML syntax error at smol-toml\'s line and column', () => {
    const [p, ...more] = problems(withLine(10, 'root = tasks'));
    expect(more).toEqual([]);
    expect(p).toMatchObject({ file: 'phonegym.toml', line: 10, key: '' });
    expect(formatProblem(p!)).toMatch(/^phonegym\.toml:10: not valid TOML at column \d+: .+ — fix the TOML syntax there/);
  });
});

describe('a task root with a phonegym.toml of its own', () => {
  it('composes over the root: its name@version, its command services after the root\'s, forwarded names merged', () => {
    const c = composeEnvironment(root(), taskRoot());
    if (!c.ok) throw new Error(c.problems.map(formatProblem).join('\n'));
    const e = c.value;
    expect([e.name, e.version, e.base, e.taskRoot]).toEqual(['notes-bench', '0.2.0', { name: 'phonegym', version: '0.1.0', file: 'phonegym.toml' }, { name: 'notes-bench', version: '0.2.0', file: 'bench/phonegym.toml' }]);
    expect(e.services.map((s) => `${s.name}:${s.kind}`)).toEqual(['bridge:bridge', 'phone:phone_page', 'notes:command']);
    expect(e.forwardEnv).toEqual(['LANG', 'NOTES_TOKEN']);
    expect([e.isolation, e.state.backend]).toEqual(['per_task', 'json']);
  });

  it('declares only command services, and leaves the state and the tasks to the root', () => {
    const found = problems(`${TASK_ROOT}\n[state]\nbackend = "json"\n\n[services.mybridge]\nkind = "bridge"\n`, 'bench/phonegym.toml');
    expect(found.map(formatProblem)).toEqual([
      'bench/phonegym.toml:13: state: [state] belongs to the root phonegym.toml: a task root uses the root\'s — remove [state] from this task root\'s manifest',
      'bench/phonegym.toml:17: services.mybridge.kind: "bridge" is not one of "command" (a task root\'s manifest declares only command services; the bridge and the phone pages belong to the root phonegym.toml) — write kind = "command"',
    ]);
  });

  it('a service named as one of the root\'s, or on a port another service has, is refused at its line', () => {
    const clash = composeEnvironment(root(), taskRoot(TASK_ROOT.replace('[services.notes]', '[services.phone]')));
    expect(clash.ok ? [] : clash.problems.map(formatProblem)).toEqual(['bench/phonegym.toml:8: services.phone: the root manifest phonegym.toml already declares a service "phone" — rename it, e.g. [services.notes-bench-phone]']);
    const port = composeEnvironment(root(ROOT + '\n[services.api]\nkind = "command"\ncommand = ["node", "api.mjs"]\nready = { probe = "tcp", port = 9123 }\n'), taskRoot());
    expect(port.ok ? [] : port.problems.map(formatProblem)).toEqual(['bench/phonegym.toml:11: services.notes.ready.port: port 9123 is also service "api"\'s — give each service a port of its own']);
  });
});

describe('the env id', () => {
  it('is name@version+hash, and the hash moves with the manifest, the app build and the task set', () => {
    const e = { name: 'phonegym', version: '0.1.0', texts: [ROOT] };
    const id = envIdOf(e, { appBuild: 'a', taskSet: 't' });
    expect(id).toMatch(/^phonegym@0\.1\.0\+[0-9a-f]{16}$/);
    expect(envIdOf(e, { appBuild: 'a', taskSet: 't' })).toBe(id);
    const others = [envIdOf(e, { appBuild: 'b', taskSet: 't' }), envIdOf(e, { appBuild: 'a', taskSet: 'u' }), envIdOf({ ...e, texts: [ROOT + '\n'] }, { appBuild: 'a', taskSet: 't' })];
    expect(new Set([id, ...others]).size).toBe(4);
  });
});

describe('key lines', () => {
  it('places headers, dotted and quoted keys, inline tables, and ignores # inside strings', () => {
    const lines = keyLines('# top = 1\n[a.b]\nc.d = 1\n"e f" = "x # not a comment"\ng = { h = 1, i = 2 }\n[[k]]\nl = 2\n');
    expect(Object.fromEntries(lines)).toEqual({ 'a.b': 2, 'a.b.c.d': 3, 'a.b.e f': 4, 'a.b.g': 5, 'a.b.g.h': 5, 'a.b.g.i': 5, k: 6, 'k.l': 7 });
  });
});
