import { describe, expect, it } from 'vitest';
import { defineTask } from '../../bridge/tasks/api.ts';
import type { LoadedTask } from '../../bridge/tasks/registry.ts';
import { lazyInitialState, sweepTemplate } from '../../bridge/verify/sweep.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const base = { difficulty: 'L1' as const, objective: 'action' as const, apps: ['chat'], oracle: async () => {} };
const loaded = (name: string, def: ReturnType<typeof defineTask<any>>): LoadedTask => ({ id: `fixture.${name}`, suite: 'fixture', name, file: 'fixture.ts', def }) as unknown as LoadedTask;

describe('the sampler sweep', () => {
  it("makes each app's slice on first read, the same JSON as the whole phone", () => {
    for (const seed of [1, 77, 4_000_000_000]) {
      const lazy = lazyInitialState(seed);
      expect(Object.keys(lazy.apps)).toEqual(Object.keys(createInitialState(seed).apps));
      expect(JSON.stringify(lazy)).toBe(JSON.stringify(createInitialState(seed)));
    }
  });

  it('names the template, the seed and the parameter of a sampler that picks nothing on some seeds', () => {
    const task = loaded(
      'Sometimes',
      defineTask<{ chatId: string }>({
        ...base,
        goal: (p) => `置顶 ${p.chatId}`,
        params: { _pick: { sampler: (_s, rng) => (rng.int(0, 3) === 0 ? null : { chatId: 'c_1' }), fields: { chatId: 'chatId' } } },
        criteria: (p) => ({ [`apps.chat.chats[${p.chatId}].pinned`]: true }),
      }),
    );
    const problems = sweepTemplate(task, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThan(12);
    expect(problems[0]!.problem).toMatch(/^fixture\.Sometimes \(seed \d+\): parameter "_pick": its sampler returned null where a record to spread into chatId was needed/);
  });

  it('finds a goal that reads undefined, and a start that already meets the goal', () => {
    const undefinedGoal = loaded(
      'Undefined',
      defineTask<{ who: string }>({ ...base, goal: (p) => `给${p.who}发消息`, params: { who: { source: 'apps.chat.nothing[name]' } }, criteria: () => ({ 'os.locale': 'en' }) }),
    );
    expect(sweepTemplate(undefinedGoal, [1]).map((p) => p.problem)).toEqual(['parameter who = undefined', 'the goal reads "给undefined发消息"']);
    const alreadyMet = loaded('Met', defineTask({ ...base, goal: '保持中文', criteria: () => ({ 'os.locale': 'zh-CN' }) }));
    expect(sweepTemplate(alreadyMet, [1, 2]).map((p) => p.problem)).toEqual(['the start already meets the goal: doing nothing would pass', 'the start already meets the goal: doing nothing would pass']);
  });
});
