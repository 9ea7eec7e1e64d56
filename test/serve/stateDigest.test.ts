/** The state digest every step's info carries (bridge/serve/session.ts `stateDigest`). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { splitTree } from '../../bridge/protocol/slices.ts';
import { stateDigest } from '../../bridge/serve/session.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const versionsOf = (seed: number): Record<string, string> => splitTree(createInitialState(seed) as unknown as Record<string, unknown>).layout.versions;

describe('stateDigest', () => {
  it('names a state by its slices: the same slices give the same digest in any order, one changed slice another', () => {
    const v = versionsOf(1);
    const reversed = Object.fromEntries(Object.entries(v).reverse());
    expect(stateDigest({ stateJson: 'ignored', sliceVersions: v })).toBe(stateDigest({ stateJson: 'other', sliceVersions: reversed }));
    const other = versionsOf(2);
    const oneChanged = { ...v, 'apps.chat': other['apps.chat']! };
    expect(other['apps.chat']).not.toBe(v['apps.chat']);
    expect(stateDigest({ stateJson: '', sliceVersions: oneChanged })).not.toBe(stateDigest({ stateJson: '', sliceVersions: v }));
    expect(stateDigest({ stateJson: '', sliceVersions: v })).toMatch(/^sha256:[0-9a-f]{32}$/);
  });

  it('without slice versions (a backend that does not move slices), hashes the JSON', () => {
    const json = JSON.stringify(createInitialState(1));
    expect(stateDigest({ stateJson: json })).toBe('sha256:' + createHash('sha256').update(json).digest('hex').slice(0, 32));
  });
});
