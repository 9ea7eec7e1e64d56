/** The run-folder contract: what a reader accepts, and how it refuses the rest (file, line, reason). */
import { describe, expect, it } from 'vitest';
import { checkErrorEntry, checkMeta, checkResultRow, checkShardHeader, parseJsonl, RUN_SCHEMA_VERSION, RunFolderError } from '../../bridge/protocol/runFolder.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';
import { resultRow } from './rows.ts';

const meta = (over: Record<string, unknown> = {}) => ({
  format: 'phonegym.run/1', schema_version: RUN_SCHEMA_VERSION, run_id: 'r', command: 'run', config: {}, agent: 'oracle', sample_seed: 1, sample_seed_source: 'flag', sample_n: null, repeat_n: 1,
  shard: null, plan_id: 'p', plan_total: { instances: 1, episodes: 1 }, tasks: ['chat.A'], instances: [], episodes: 1, task_max_steps: {}, task_load_errors: [],
  versions: {}, hashes: { app_build: 'b', task_files: {} }, started_at: '2026-12-01T00:00:00Z', execution: null, resumes: [], ...over,
});

function refusal(f: () => unknown): RunFolderError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RunFolderError);
    expect(e).toBeInstanceOf(UsageError);
    return e as RunFolderError;
  }
  throw new Error('expected a refusal');
}

describe('the run-folder contract', () => {
  it('accepts the rows, entries and meta the runner writes', () => {
    expect(checkResultRow(resultRow({}), 'results.jsonl', 1).task_id).toBe('chat.A');
    expect(checkErrorEntry({ task_id: 'chat.A', instance: 0, trial_id: 0, attempt: 1, status: 'run_error', error_code: 'page_crashed', error: 'x', trajectory: 't', retried: true }, 'errors.jsonl', 1).attempt).toBe(1);
    expect(checkMeta(meta(), 'meta.json').run_id).toBe('r');
  });

  it('names the field that is wrong in a row', () => {
    const { task_id: _, ...noId } = resultRow({});
    expect(refusal(() => checkResultRow(noId, 'runs/x/results.jsonl', 4)).message).toBe('runs/x/results.jsonl:4: not a result row: "task_id" is missing');
    expect(refusal(() => checkResultRow(resultRow({ status: 'finished' as never }), 'r.jsonl', 2)).message).toBe('r.jsonl:2: not a result row: "status" is "finished", not one of completed, run_error, eval_error, timeout, rejected, cancelled');
    expect(refusal(() => checkResultRow(resultRow({ steps: 2.5 }), 'r.jsonl', 3)).message).toContain('"steps" is 2.5, not a whole number');
    expect(refusal(() => checkResultRow(resultRow({ answer: 3 as never }), 'r.jsonl', 3)).message).toContain('"answer" is 3, not a string or null');
    expect(refusal(() => checkResultRow([1, 2], 'r.jsonl', 9)).message).toBe('r.jsonl:9: not a result row: not a JSON object but array');
  });

  it('refuses a folder of another version by name, and one from before versions', () => {
    const other = refusal(() => checkMeta(meta({ schema_version: 2 }), 'runs/x/meta.json'));
    expect(other.message).toBe('runs/x/meta.json: is run-folder version 2, and this phonegym reads version 1: use the phonegym that wrote it');
    expect(other.file).toBe('runs/x/meta.json');
    const { schema_version: _, ...old } = meta();
    expect(refusal(() => checkMeta(old, 'meta.json')).message).toContain('has no schema_version: it was written by a phonegym older than run-folder version 1');
    expect(refusal(() => checkShardHeader({ schema_version: 7, shard: 'p00', run_id: 'r' }, 'shards/p00/results.jsonl')).message).toBe('shards/p00/results.jsonl:1: the shard is run-folder version 7, and this phonegym reads version 1: use the phonegym that wrote it');
  });

  it('a JSONL text: a cut last line is a partial tail, a bad line in the middle is refused with its number', () => {
    const row = JSON.stringify(resultRow({}));
    expect(parseJsonl(`${row}\n${row}\n{"task_`, 'r.jsonl', checkResultRow)).toEqual({ rows: [resultRow({}), resultRow({})], partialTail: true });
    const bad = refusal(() => parseJsonl(`${row}\nnot json at all\n${row}\n`, 'runs/x/results.jsonl', checkResultRow));
    expect(bad.line).toBe(2);
    expect(bad.message).toMatch(/^runs\/x\/results\.jsonl:2: not a JSON line \("not json at all"…\): the file was edited/);
  });
});
