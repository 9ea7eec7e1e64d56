/**
 * Split files: ids, `@include` of other splits, `@seeds` streams that never meet, and clear
 * errors (file and line) for what a split file gets wrong.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instanceSeed, streamSeed } from '../../bridge/tasks/seeds.ts';
import { readSplit } from '../../bridge/tasks/splits.ts';

const IDS = ['a.One', 'a.Two', 'b.Three', 'b.Four'];

function root(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'phonegym-splits-'));
  mkdirSync(join(dir, 'splits'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'splits', `${name}.txt`), text);
  return dir;
}

describe('split files', () => {
  const r = root({
    train: '# training\n@seeds train\na.One\nb.Three\n',
    'new-template': 'a.Two\n',
    'new-app': 'b.Four  # a comment\n',
    test: '@include new-template\n@include new-app\n',
    'new-instance': '@include train\n@seeds held-out\n',
  });

  it('reads ids, includes, and the seed stream of the split named', () => {
    expect(readSplit(r, 'train', IDS)).toEqual({ ids: new Set(['a.One', 'b.Three']), seeds: 'train' });
    expect(readSplit(r, 'test', IDS)).toEqual({ ids: new Set(['a.Two', 'b.Four']), seeds: null });
    // An included split's ids come along; its @seeds does not: the split named says which seeds it draws.
    expect(readSplit(r, 'new-instance', IDS)).toEqual({ ids: new Set(['a.One', 'b.Three']), seeds: 'held-out' });
    expect(readSplit(r, 'new-template+new-app', IDS).ids).toEqual(new Set(['a.Two', 'b.Four']));
  });

  it('refuses joining splits drawn from different seeds, naming both', () => {
    expect(() => readSplit(r, 'train+new-instance', IDS)).toThrow(/train: train, new-instance: held-out/);
  });

  it('names the file and line of an unknown id, directive, stream or included split, and a circle', () => {
    const bad = root({
      id: 'a.One\na.Tow\n',
      directive: '@exclude a.One\n',
      stream: '@seeds test\n',
      include: '@include nowhere\n',
      circle: '@include loop\n',
      loop: '@include circle\n',
    });
    expect(() => readSplit(bad, 'id', IDS)).toThrow(/id\.txt:2: unknown task id "a\.Tow".*a\.Two/);
    expect(() => readSplit(bad, 'directive', IDS)).toThrow(/directive\.txt:1: unknown directive @exclude/);
    expect(() => readSplit(bad, 'stream', IDS)).toThrow(/stream\.txt:1: @seeds takes train or held-out, got "test"/);
    expect(() => readSplit(bad, 'include', IDS)).toThrow(/include\.txt:1: unknown split "nowhere"/);
    expect(() => readSplit(bad, 'circle', IDS)).toThrow(/includes itself \(circle\.txt:1 → loop\.txt:1 → circle\)/);
  });
});

describe('seed streams', () => {
  it('held-out and train instance seeds never meet; no stream leaves a seed as it is', () => {
    for (let base = 1; base <= 300; base++) {
      for (const task of IDS) {
        const seed = instanceSeed(base, task, 0);
        const held = streamSeed(seed, 'held-out');
        const train = streamSeed(seed, 'train');
        expect(held >= 0x80000000 && held <= 0xffffffff).toBe(true);
        expect(train < 0x80000000).toBe(true);
        expect(streamSeed(seed, null)).toBe(seed);
        expect(held & 0x7fffffff).toBe(train);
      }
    }
  });
});

describe('a run of a split', () => {
  it('draws its instance seeds from the split\'s stream: test-new-instance is the train templates on seeds train never draws', async () => {
    const { planRun } = await import('../../bridge/runner/plan.ts');
    const { DEFAULT_CONFIG } = await import('../../bridge/runner/config.ts');
    const train = await planRun({ ...DEFAULT_CONFIG, split: 'train', sampleSeed: 7 });
    const held = await planRun({ ...DEFAULT_CONFIG, split: 'test-new-instance', sampleSeed: 7 });
    expect(held.episodes.map((e) => e.task.id)).toEqual(train.episodes.map((e) => e.task.id));
    expect(train.episodes.every((e) => e.seed < 0x80000000)).toBe(true);
    expect(held.episodes.every((e) => e.seed >= 0x80000000)).toBe(true);
    const trainSeeds = new Set(train.episodes.map((e) => e.seed));
    expect(held.episodes.filter((e) => trainSeeds.has(e.seed))).toEqual([]);
  });
});
