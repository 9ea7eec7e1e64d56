/**
 * The studio session's task list on a real bridge: a file that fails to load is listed as a
 * broken task and setting it up is refused with the reason; the task root is watched from the
 * first listing until the bridge closes, and not a moment longer.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StudioSession } from '../../bridge/runner/studioSession.ts';
import { BridgeServer } from '../../bridge/server/bridgeServer.ts';

const API = join(import.meta.dirname, '../../bridge/tasks/api.ts');
const folderWatches = () => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length;

describe('the studio session', () => {
  it('lists a broken file as a broken task, refuses to set it up, and watches the root until the bridge closes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'phonegym-session-'));
    mkdirSync(join(root, 'demo'));
    // Plain JavaScript: under vitest task files go through its module runner.
    writeFileSync(join(root, 'demo', 'Fine.ts'), `import { defineTask } from '${API}';\nexport default defineTask({ goal: 'g', difficulty: 'L1', objective: 'action', apps: ['chat'], checkGoals: () => [], oracle: async () => {} });\n`);
    writeFileSync(join(root, 'demo', 'Broken.ts'), `import { defineTask } from '${API}';\nexport default defineTask({ goal: 'g', difficulty: 'L9', objective: 'action', apps: ['chat'], checkGoals: () => [], oracle: async () => {} });\n`);
    const before = folderWatches();
    const bridge = await BridgeServer.start();
    const session = new StudioSession(bridge, { root, tasks: [], errors: [], suites: [] }, undefined);

    const tasks = await session.listTasks();
    expect(tasks.map((t) => [t.id, !!t.broken])).toEqual([['demo.Broken', true], ['demo.Fine', false]]);
    expect(tasks[0]!.broken).toMatchObject({ file: expect.stringMatching(/demo\/Broken\.ts$/), line: 2, message: expect.stringContaining('`difficulty` must be one of L1, L2, L3, L4 (got "L9")') });
    // The root and its suite.
    expect(folderWatches()).toBe(before + 2);

    await expect(session.setupTask({ deviceId: 'studio-000000000000', taskId: 'demo.Broken' })).rejects.toThrow(/^demo\.Broken cannot be set up: \S*demo\/Broken\.ts:2: `difficulty` must be one of .*Fix the file and save it/);
    // A task that loads gets as far as the phone (there is none here).
    await expect(session.setupTask({ deviceId: 'studio-000000000000', taskId: 'demo.Fine' })).rejects.toThrow(/no phone "studio-000000000000" is connected/);

    await bridge.close();
    await vi.waitFor(() => expect(folderWatches()).toBe(before), { timeout: 20_000 });
  });
});
