import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { defineTask } from '../../bridge/tasks/api.ts';
import { normalizeSource, sampleParams } from '../../bridge/tasks/sampler.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const state = {
  os: { time: { timestamp: 0, timezone: 'Asia/Shanghai' } },
  apps: { chat: { contacts: [{ id: 'u_1', name: '甲', region: '北京' }, { id: 'u_2', name: '乙', region: '' }, { id: 'u_3', name: '丙', region: '上海' }] } },
} as unknown as PhoneState;

const base = { goal: 'g', difficulty: 'L1' as const, objective: 'action' as const, apps: ['chat'], checkGoals: () => [], oracle: async () => {} };

describe('parameter sampling', () => {
  it('reads the spec shorthand source', () => {
    expect(normalizeSource('apps.chat.contacts[name]')).toBe('apps.chat.contacts[*].name');
    expect(normalizeSource('apps.chat.contacts[u_1].name')).toBe('apps.chat.contacts[u_1].name');
  });

  it('draws from the state, records with fields, enums and ranges, deterministically', () => {
    const def = defineTask<Record<string, unknown>>({
      ...base,
      params: {
        name: { source: 'apps.chat.contacts[name]' },
        _who: { source: 'apps.chat.contacts', fields: { whoId: 'id', whoRegion: 'region' }, where: (c: { region: string }) => c.region !== '' },
        mood: { type: 'enum', values: ['a', 'b'] },
        n: { type: 'int', min: 3, max: 5 },
        flag: { type: 'bool' },
      },
    });
    const a = sampleParams(def, state, new Rng(9));
    const b = sampleParams(def, state, new Rng(9));
    expect(a).toEqual(b);
    expect(['甲', '乙', '丙']).toContain(a.name);
    expect(['u_1', 'u_3']).toContain(a.whoId);
    expect(a.whoRegion).not.toBe('');
    expect(['a', 'b']).toContain(a.mood);
    expect(a.n).toBeGreaterThanOrEqual(3);
    expect(a.n).toBeLessThanOrEqual(5);
    expect(typeof a.flag).toBe('boolean');
    expect(a).not.toHaveProperty('_who');
  });

  it('follows the precedence: sampler over source over type, default last', () => {
    const def = defineTask<Record<string, unknown>>({
      ...base,
      params: {
        a: { sampler: () => 'from-sampler', source: 'apps.chat.contacts[name]', type: 'enum', values: ['x'] },
        b: { source: 'apps.chat.nothing[*].name', type: 'enum', values: ['typed'] },
        c: { source: 'apps.chat.nothing[*].name', default: 'dflt' },
        d: { sampler: 'pickOne' },
      },
      samplers: { pickOne: (_s, rng) => rng.pick(['only']) },
    });
    expect(sampleParams(def, state, new Rng(1))).toEqual({ a: 'from-sampler', b: 'typed', c: 'dflt', d: 'only' });
  });

  it('draws strings that match their pattern, from the seeded rng', () => {
    const patterns = ['[A-Z]{2}\\d{4}', '(早上|中午|晚上)好，[\\u4e00-\\u9fa5]{2,4}', 'G\\d{1,4}', '[a-z]+@example\\.com'];
    for (const pattern of patterns) {
      const def = defineTask<Record<string, unknown>>({ ...base, params: { s: { type: 'string', pattern } } });
      for (let seed = 0; seed < 30; seed++) {
        const v = sampleParams(def, state, new Rng(seed)).s as string;
        expect(v).toMatch(new RegExp(`^(?:${pattern})$`));
        expect(sampleParams(def, state, new Rng(seed)).s).toBe(v);
      }
    }
  });

  it('refuses a pattern that is not a regular expression', () => {
    const def = defineTask<Record<string, unknown>>({ ...base, params: { s: { type: 'string', pattern: '([a-z' } } });
    expect(() => sampleParams(def, state, new Rng(1))).toThrow(/parameter "s": pattern "\(\[a-z" is not a valid regular expression/);
  });

  it('names a sampler that does not exist', () => {
    const def = defineTask<Record<string, unknown>>({ ...base, params: { a: { sampler: 'nope' } } });
    expect(() => sampleParams(def, state, new Rng(1))).toThrow(/sampler "nope" is not defined/);
  });
});
