/**
 * The pure parts of running at scale: shard assignment, dividing concurrency across processes,
 * whole-line JSONL files, order-free summaries, and merge refusing folders that do not belong
 * together (synthetic run folders, no browser).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDifferences, DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { mergeRuns } from '../../bridge/runner/merge.ts';
import { JsonlAppender, readJsonl, repairJsonl } from '../../bridge/runner/output.ts';
import { episodeKey, parseShard, shardOf, splitForProcesses, type PlannedEpisode } from '../../bridge/runner/plan.ts';
import { divide, processLayout } from '../../bridge/runner/processes.ts';
import { summarize } from '../../bridge/runner/summary.ts';
import { resultRow } from './rows.ts';

const row = resultRow;

const fakeEpisodes = (tasks: string[], instances: number, trials = 1): PlannedEpisode[] =>
  tasks.flatMap((t) => Array.from({ length: instances }, (_, i) => Array.from({ length: trials }, (_, k) => ({ key: `${t}#${i}#${k}`, task: { id: t }, instance: i, trial: k }) as unknown as PlannedEpisode)).flat());

describe('--shard i/K', () => {
  it('assigns an instance by its id, not its position (literal values, stable across versions)', () => {
    expect([shardOf('chat.PinChat', 0, 4), shardOf('chat.PinChat', 1, 4), shardOf('chat.SendMessage', 0, 4)]).toEqual([1, 3, 3]); // zlib.crc32(b'chat.PinChat#0') % 4 + 1, …
    // Every instance lands in exactly one of the K shards.
    for (const k of [1, 2, 3, 7]) for (let i = 0; i < 50; i++) expect(shardOf(`s.T${i}`, i, k)).toBeGreaterThanOrEqual(1);
  });

  it('parses i/K and refuses what is not', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    expect(() => parseShard('0/2')).toThrow(/between 1 and K/);
    expect(() => parseShard('3/2')).toThrow(/between 1 and K/);
    expect(() => parseShard('half')).toThrow(/i\/K/);
  });
});

describe('--processes K', () => {
  it('divides N pages and B browsers near-equally, larger parts first', () => {
    expect(divide(8, 3)).toEqual([3, 3, 2]);
    expect(divide(4, 4)).toEqual([1, 1, 1, 1]);
  });

  it('keeps the trials of an instance in one process and spreads every task', () => {
    const parts = splitForProcesses(fakeEpisodes(['a.X', 'a.Y'], 3, 2), 2);
    expect(parts.map((p) => p.length)).toEqual([6, 6]);
    for (const p of parts) {
      const instances = new Set(p.map((e) => `${e.task.id}#${e.instance}`));
      expect(p.length).toBe(instances.size * 2);
    }
  });

  it('B < K under pages lowers K to B with a warning; K > N lowers K to N', () => {
    const eps = fakeEpisodes(['a.X'], 8);
    const cfg = (o: Partial<RunConfig>): RunConfig => ({ ...DEFAULT_CONFIG, ...o });
    const a = processLayout(cfg({ processes: 4, parallel: 8, browsers: 2 }), eps);
    expect(a.shards.length).toBe(2);
    expect(a.shards.map((s) => s.parallel)).toEqual([4, 4]);
    expect(a.warnings.join()).toContain('--browsers 2 < --processes 4');
    const b = processLayout(cfg({ processes: 3, parallel: 2 }), eps);
    expect(b.shards.length).toBe(2);
    expect(b.warnings.join()).toContain('--processes 3 > --parallel 2');
    // Under browsers isolation every env has its own browser: B does not lower K.
    const c = processLayout(cfg({ processes: 4, parallel: 4, browsers: 1, isolation: 'browsers' }), eps);
    expect(c.shards.length).toBe(4);
    // Never more pages than episodes.
    expect(processLayout(cfg({ parallel: 8 }), fakeEpisodes(['a.X'], 3)).shards[0]!.parallel).toBe(3);
  });
});

describe('result files', () => {
  it('a cut last line (a killed writer) is skipped when reading and cut off before appending', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-jsonl-'));
    const file = join(dir, 'results.jsonl');
    const w = new JsonlAppender(file);
    w.append({ a: 1 });
    w.append({ a: 2 });
    w.close();
    appendFileSync(file, '{"a": 3, "cut');
    expect(readJsonl(file)).toEqual({ rows: [{ a: 1 }, { a: 2 }], partialTail: true });
    expect(repairJsonl(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"a":2}\n');
    expect(repairJsonl(file)).toBe(false);
  });

  it('a damaged line in the middle is an error naming the file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phonegym-jsonl-'));
    const file = join(dir, 'results.jsonl');
    writeFileSync(file, '{"a":1}\nnot json\n{"a":2}\n');
    expect(() => readJsonl(file)).toThrow(/results\.jsonl:2: not a JSON line/);
  });
});

describe('summary', () => {
  it('depends on the set of rows, not their order', () => {
    const rows = [row({ task_id: 'chat.A', progress: 0.1 }), row({ task_id: 'chat.B', instance: 1, progress: 0.7, success: false }), row({ task_id: 'notes.C', suite: 'notes', progress: 0.3333 }), row({ task_id: 'chat.A', instance: 2, progress: 0.9 })];
    const a = summarize(rows, { passK: [1] });
    const b = summarize([...rows].reverse(), { passK: [1] });
    expect(b).toEqual(a);
  });

  it('copes with a very large run (no argument-spread limits)', () => {
    const many = Array.from({ length: 150_000 }, (_, i) => row({ instance: i % 50_000, trial_id: Math.floor(i / 50_000) }));
    const s = summarize(many, { passK: [1, 2] });
    expect(s.episodes).toBe(150_000);
    expect(s.pass_at_k).toEqual({ '1': 1, '2': 1 });
  });

  it('reports retried infrastructure errors apart from the results', () => {
    const s = summarize([row({ attempts: 2 }), row({ task_id: 'chat.B' })], { errors: [{ error_code: 'page_crashed', retried: true }] });
    expect(s.retries).toEqual({ retried_attempts: 1, by_code: { page_crashed: 1 }, recovered: 1, blind: 1 });
    expect(s.success).toBe(2);
  });
});

describe('configDifferences', () => {
  it('ignores how a run executes and names what changes its results', () => {
    const a = { ...DEFAULT_CONFIG, parallel: 8, processes: 2, retries: 3, runDir: 'x' };
    expect(configDifferences(a, DEFAULT_CONFIG)).toEqual([]);
    expect(configDifferences({ ...DEFAULT_CONFIG, maxSteps: 9 }, DEFAULT_CONFIG).map((d) => d.key)).toEqual(['maxSteps']);
  });
});

/** A synthetic `--shard i/K` run folder, as `phonegym run` writes one. */
function shardFolder(root: string, index: number, count: number, opts: { drop?: number; config?: Partial<RunConfig>; appBuild?: string; planId?: string; schemaVersion?: number; env?: string } = {}): string {
  const dir = join(root, `s${index}-${Math.random().toString(16).slice(2, 6)}`);
  mkdirSync(dir, { recursive: true });
  const tasks = ['chat.A', 'chat.B', 'chat.C'];
  const all = tasks.flatMap((t) => [0, 1, 2, 3].map((i) => ({ task_id: t, instance: i, seed: i })));
  const mine = all.filter((x) => shardOf(x.task_id, x.instance, count) === index);
  const config = { ...DEFAULT_CONFIG, sampleSeed: 5, sampleN: 4, shard: { index, count }, ...opts.config };
  const meta = {
    format: 'phonegym.run/1', schema_version: opts.schemaVersion ?? 1, run_id: `s${index}`, command: 'run', config, agent: 'oracle', sample_seed: 5, sample_seed_source: 'cli', sample_n: 4, repeat_n: 1,
    shard: { index, count }, plan_id: opts.planId ?? 'plan1', plan_total: { instances: all.length, episodes: all.length }, tasks, instances: mine, episodes: mine.length,
    task_max_steps: {}, task_load_errors: [], versions: { phonegym: '0.1.0', protocol: 1, node: 'v20', playwright: '1', svelte: '5', chromium: '1' },
    hashes: { app_build: opts.appBuild ?? 'build1', task_files: { 'chat.A': 'a', 'chat.B': 'b', 'chat.C': 'c' } }, started_at: '2026-11-29T00:00:00.000Z', execution: null, resumes: [],
    ...(opts.env ? { env: opts.env } : {}),
  };
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta));
  const rows = mine.slice(opts.drop ?? 0).map((x) => row({ task_id: x.task_id, instance: x.instance, seed: x.seed, success: x.instance % 2 === 0 }));
  writeFileSync(join(dir, 'results.jsonl'), rows.map((r) => JSON.stringify(r) + '\n').join(''));
  writeFileSync(join(dir, 'errors.jsonl'), '');
  return dir;
}

describe('merge', () => {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-merge-'));

  it('joins shards into one folder whose summary is the single run\'s', () => {
    const dirs = [1, 2, 3].map((i) => shardFolder(root, i, 3));
    const out = mergeRuns(dirs, join(root, 'all'), { rowsOnly: true });
    expect(out.rows.length).toBe(12);
    expect(new Set(out.rows.map(episodeKey)).size).toBe(12);
    expect(out.summary.success).toBe(6);
    const meta = JSON.parse(readFileSync(join(root, 'all', 'meta.json'), 'utf8'));
    expect(meta.shard).toBeNull();
    expect(meta.merged_from.map((m: { shard: { index: number } }) => m.shard.index)).toEqual([1, 2, 3]);
    expect(meta.instances.length).toBe(12);
  });

  it('says which shard is missing, which episodes are missing, and refuses mixed runs', () => {
    const [a, b, c] = [1, 2, 3].map((i) => shardFolder(root, i, 3));
    expect(() => mergeRuns([a!, b!], join(root, 'x1'))).toThrow(/shard 3\/3 missing/);
    expect(() => mergeRuns([a!, a!, b!, c!], join(root, 'x2'))).toThrow(/are both shard 1\/3/);
    // A shard folder of another run-folder version is refused by name, before anything is compared.
    expect(() => mergeRuns([a!, b!, shardFolder(root, 3, 3, { schemaVersion: 2 })], join(root, 'xv'))).toThrow(/meta\.json: is run-folder version 2, and this phonegym reads version 1/);
    const short = shardFolder(root, 3, 3, { drop: 1 });
    expect(() => mergeRuns([a!, b!, short], join(root, 'x3'))).toThrow(/is missing 1 episode\(s\): chat\.\w#\d#0\. Finish it with: phonegym run --resume/);
    const other = shardFolder(root, 3, 3, { config: { maxSteps: 7 } });
    expect(() => mergeRuns([a!, b!, other], join(root, 'x4'))).toThrow(/other flags .*maxSteps: 7 vs null/);
    const build = shardFolder(root, 3, 3, { appBuild: 'build2' });
    expect(() => mergeRuns([a!, b!, build], join(root, 'x5'))).toThrow(/phone build build2/);
    const plan = shardFolder(root, 3, 3, { planId: 'plan2' });
    expect(() => mergeRuns([a!, b!, plan], join(root, 'x6'))).toThrow(/planned other task instances/);
    const four = shardFolder(root, 3, 4);
    expect(() => mergeRuns([a!, b!, four], join(root, 'x7'))).toThrow(/same number of shards/);
  });

  it('refuses shards of two environments (env ids), and keeps the one they share', () => {
    const env = { env: 'phonegym@0.1.0+0123456789abcdef' };
    const [a, b] = [1, 2].map((i) => shardFolder(root, i, 3, env));
    const other = shardFolder(root, 3, 3, { env: 'phonegym@0.1.0+fedcba9876543210' });
    expect(() => mergeRuns([a!, b!, other], join(root, 'e1'))).toThrow(/ran environment phonegym@0\.1\.0\+fedcba9876543210, .* ran phonegym@0\.1\.0\+0123456789abcdef: the shards of one run must run one environment/);
    // A shard from a phonegym before the manifest (no env id) does not pass for one with it.
    expect(() => mergeRuns([a!, b!, shardFolder(root, 3, 3)], join(root, 'e2'))).toThrow(/ran environment \(none recorded: a phonegym from before phonegym\.toml\)/);
    mergeRuns([a!, b!, shardFolder(root, 3, 3, env)], join(root, 'e3'), { rowsOnly: true });
    expect(JSON.parse(readFileSync(join(root, 'e3', 'meta.json'), 'utf8')).env).toBe(env.env);
  });
});
