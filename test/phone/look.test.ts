/**
 * Seeded app variants (simulator-apps/os/look.ts): variant 0 adds nothing to the state; any other
 * is drawn from its number alone and changes only `os.look`, never what the task holds or asks.
 */
import { describe, expect, it } from 'vitest';
import { APPS } from '../../simulator-apps/catalog.ts';
import { homeOrder, lookOf, readLook } from '../../simulator-apps/os/look.ts';
import { applyContentSwaps } from '../../simulator-apps/os/lookContent.ts';
import { applyRenames } from '../../simulator-apps/os/lookNames.ts';
import { readShellSettings } from '../../simulator-apps/settings/shell.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';
import { variantsFlag } from '../../bridge/cli/flags.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';

const IDS = APPS.map((a) => a.id);

describe('looks', () => {
  it('variant 0 is the phone as designed: no look at all', () => {
    expect(lookOf(0, IDS)).toBeNull();
    expect(readLook({ time: {} })).toBeNull();
  });

  it('variant 1 changes every dimension at once; every look is drawn from its number alone', () => {
    const one = lookOf(1, IDS)!;
    expect(one).toMatchObject({ variant: 1, dark: true, icons: 'circle' });
    expect(one.hue).not.toBe(0);
    expect(one.fontScale).not.toBe(1);
    expect(one.density).not.toBe(1);
    expect(one.wallpaper).not.toBe(0);
    expect(one.home).not.toEqual(IDS);
    expect([...one.home].sort()).toEqual([...IDS].sort());
    for (const v of [1, 2, 7, 123]) expect(lookOf(v, IDS)).toEqual(lookOf(v, IDS));
    const looks = [2, 3, 4, 5, 6, 7, 8, 9].map((v) => JSON.stringify(lookOf(v, IDS)));
    expect(new Set(looks).size).toBe(looks.length);
    expect(() => lookOf(-1, IDS)).toThrow(RangeError);
  });

  it('reads a look back as written, and a damaged one safely', () => {
    const one = lookOf(1, IDS)!;
    expect(readLook({ look: JSON.parse(JSON.stringify(one)) })).toEqual(one);
    expect(readLook({ look: { density: 40, fontScale: 'big', icons: 'star', wallpaper: 9, home: [1, 'chat'] } })).toMatchObject({ density: 1.3, fontScale: 1, icons: 'rounded', wallpaper: 1, home: ['chat'] });
    expect(readLook({ look: [] })).toBeNull();
  });

  it('orders the launcher by the look, apps it does not list last in catalog order', () => {
    const apps = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    expect(homeOrder(apps, null).map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
    const look = { ...lookOf(1, IDS)!, home: ['c', 'a'] };
    expect(homeOrder(apps, look).map((a) => a.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('darkens the shell and scales its text with the settings', () => {
    const look = lookOf(1, IDS)!;
    expect(readShellSettings(undefined, look)).toMatchObject({ dark: true, fontScale: look.fontScale });
    expect(readShellSettings({ display: { darkMode: false, fontSize: 'large' } }, null).dark).toBe(false);
  });

  it('--variant takes whole numbers 0-9999, each once', () => {
    expect(variantsFlag(undefined)).toEqual([0]);
    expect(variantsFlag('0,1,1')).toEqual([0, 1]);
    expect(() => variantsFlag('1,x')).toThrow(UsageError);
    expect(() => variantsFlag('10000')).toThrow(/--variant must be/);
    expect(() => variantsFlag('')).toThrow(/at least one number/);
  });
});

describe('a task instance in another look', () => {
  it('has the same parameters and the same state but for os.look and the people it does not name', async () => {
    const registry = await loadRegistry();
    for (const id of ['chat.PinChat', 'shop.BuyProductOption', 'settings.DarkModeLargeFont', 'photos.AddPlaceToAlbum', 'memos.PinMemo', 'notes.CollectToBoard', 'memos.FolderCountQuery', 'chat.LikeLatestMoment']) {
      const task = registry.tasks.find((t) => t.id === id)!;
      expect(task, id).toBeDefined();
      const plain = prepareInstance(task, 11);
      const looked = prepareInstance(task, 11, { variant: 1 });
      expect(plain.state.os.look).toBeUndefined();
      expect(looked.params).toEqual(plain.params);
      const { look, ...os } = looked.state.os;
      expect(look).toEqual(lookOf(1, IDS));
      // The content moved and the people renamed before the hooks ran are those moved and renamed
      // after them (test/phone/lookNames.test.ts, test/phone/lookContent.test.ts).
      const renamed = structuredClone(plain.state);
      applyContentSwaps(renamed, looked.content.kind === 'moved' ? looked.content.swaps : []);
      applyRenames(renamed, looked.names.kind === 'renamed' ? looked.names.renames : []);
      expect({ ...looked.state, os }).toEqual(renamed);
    }
  });
});

describe('a run in several looks', () => {
  it('plans every look of every instance trial, with its own key and folder; the designed look keeps the plan of old', async () => {
    const { planRun } = await import('../../bridge/runner/plan.ts');
    const { DEFAULT_CONFIG } = await import('../../bridge/runner/config.ts');
    const base = { ...DEFAULT_CONFIG, taskIds: ['chat.PinChat', 'chat.MuteChat'], sampleSeed: 5, repeatN: 2 };
    const plain = await planRun(base);
    const zero = await planRun({ ...base, variants: [0] });
    const two = await planRun({ ...base, variants: [0, 3] });
    expect(zero.planId).toBe(plain.planId);
    expect(two.planId).not.toBe(plain.planId);
    expect(two.total).toEqual({ instances: 2, episodes: 8 });
    expect(two.episodes.filter((e) => e.task.id === 'chat.PinChat').map((e) => [e.key, e.variant, e.trajectoryDir])).toEqual([
      ['chat.PinChat#0#0', 0, 'trajectory/chat_PinChat_t0'],
      ['chat.PinChat#0#1', 0, 'trajectory/chat_PinChat_t1'],
      ['chat.PinChat#0#0~v3', 3, 'trajectory/chat_PinChat_t0_v3'],
      ['chat.PinChat#0#1~v3', 3, 'trajectory/chat_PinChat_t1_v3'],
    ]);
    // A look never changes the instance: the same seed in every look.
    expect(new Set(two.episodes.filter((e) => e.task.id === 'chat.PinChat').map((e) => e.seed)).size).toBe(1);
  });
});
