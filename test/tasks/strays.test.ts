/**
 * The suites' stray changes (`tasks/<app>/_stray.ts`) as verify sees them: every suite's file is
 * wired into the preference order, each change belongs to its suite's app, and on a seed state
 * each plans an edit at its own path, inside its app's slice, that its dry run really makes.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRAY_CHANGES, strayCandidates } from '../../bridge/verify/strayChanges.ts';
import { TASKS_ROOT } from '../../bridge/paths.ts';
import { getPath } from '../../bridge/judge/paths.ts';
import { diffStates } from '../../bridge/judge/diff.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { StrayChange } from '../../bridge/tasks/types.ts';

const suitesWithStrays = readdirSync(TASKS_ROOT).filter((n) => existsSync(join(TASKS_ROOT, n, '_stray.ts')));

describe('stray changes', () => {
  it('come from every suite that has a _stray.ts, each under its own app, with unique ids', async () => {
    expect(suitesWithStrays.length).toBeGreaterThanOrEqual(8);
    for (const suite of suitesWithStrays) {
      const { strays } = (await import(join(TASKS_ROOT, suite, '_stray.ts'))) as { strays: StrayChange[] };
      expect(strays.length, suite).toBeGreaterThan(0);
      for (const s of strays) {
        expect(s.app, s.id).toBe(suite);
        expect(STRAY_CHANGES, `${s.id} is not in STRAY_CHANGES (bridge/verify/strayChanges.ts)`).toContain(s);
      }
    }
    const ids = STRAY_CHANGES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("plan, on a seed state, an edit that changes the state at the plan's path", () => {
    const state = createInitialState(1);
    for (const s of STRAY_CHANGES) {
      const plan = s.plan(state, {});
      expect(plan, s.id).not.toBeNull();
      const draft = structuredClone(state);
      plan!.apply(draft);
      expect(JSON.stringify(getPath(draft, plan!.path)), s.id).not.toBe(JSON.stringify(getPath(state, plan!.path)));
      // Its app's slice and nothing else: verify's dry run copies only that slice (bridge/verify/agents.ts).
      expect(plan!.path.startsWith(`apps.${s.app}.`), s.id).toBe(true);
      expect(diffStates(state, draft).filter((c) => !c.path.startsWith(`apps.${s.app}.`)), s.id).toEqual([]);
    }
  });

  it("are tried for a task in its own apps' order first", () => {
    const order = strayCandidates(['railway', 'wallet']).map((s) => s.app);
    expect(order.slice(0, 3)).toEqual(['wallet', 'railway', 'railway']);
    expect(order).toHaveLength(STRAY_CHANGES.length);
  });
});
