/** The run flag table: parsing, help and the resume's "given" set come from one entry per flag. */
import { describe, expect, it } from 'vitest';
import { resolveRunConfig, RUN_FLAG_TABLE, runHelp } from '../../bridge/cli/runFlags.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';

const resolved = (argv: string[]) => {
  const r = resolveRunConfig(argv);
  if (r === 'help') throw new Error('help');
  return r;
};

describe('the run flag table', () => {
  it('every flag is in the help, once, with its value, and every RunConfig key has a flag', () => {
    const help = runHelp();
    for (const f of RUN_FLAG_TABLE) {
      const shown = `--${f.name}${f.value ? ` ${f.value}` : ''}`;
      expect(help.split('\n').filter((l) => l.trimStart().startsWith(`${shown} `))).toHaveLength(1);
    }
    const keys = new Set(RUN_FLAG_TABLE.map((f) => f.key));
    expect((Object.keys(DEFAULT_CONFIG) as (keyof RunConfig)[]).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('no flags: the defaults, nothing given', () => {
    const r = resolved([]);
    expect(r.config).toEqual(DEFAULT_CONFIG);
    expect([...r.given]).toEqual([]);
  });

  it('fills each key from its flag and names the keys given', () => {
    const r = resolved(['--suite', 'chat,shop', '--task-ids', 'chat.A,chat.B', '--task-id', 'chat.C', '--sample-n', '3', '--processes', '2', '--studio', '--coords', 'norm1000', '--shard', '2/4', '--judge-mode', 'both', '--judge-model', 'm', '--resume', 'runs/x']);
    expect(r.config).toMatchObject({ suites: ['chat', 'shop'], taskIds: ['chat.A', 'chat.B', 'chat.C'], sampleN: 3, processes: 2, parallel: 2, studio: true, coords: 'norm1000', shard: { index: 2, count: 4 }, judgeMode: 'both', judgeModel: 'm' });
    expect(r.resume).toBe('runs/x');
    expect([...r.given].sort()).toEqual(['coords', 'judgeMode', 'judgeModel', 'processes', 'sampleN', 'shard', 'studio', 'suites', 'taskIds']);
  });

  it('a switch that turns a default off: --no-screenshots', () => {
    expect(DEFAULT_CONFIG.screenshots).toBe(true);
    const r = resolved(['--no-screenshots']);
    expect(r.config.screenshots).toBe(false);
    expect([...r.given]).toEqual(['screenshots']);
  });

  it('each bad value is refused naming its flag', () => {
    expect(() => resolveRunConfig(['--parallel', '-3'])).toThrow('--parallel must be at least 1 (got -3)');
    expect(() => resolveRunConfig(['--screenshot-scale', '2'])).toThrow('--screenshot-scale must be 1 or 3 (got 2)');
    expect(() => resolveRunConfig(['--agent', 'orcale'])).toThrow(/unknown agent "orcale" \(did you mean oracle\?\)/);
    expect(() => resolveRunConfig(['--price-in', '1'])).toThrow('give both --price-in and --price-out');
    expect(() => resolveRunConfig(['--isolaton', 'pages'])).toThrow(/unknown flag --isolaton .*did you mean --isolation/);
  });
});
