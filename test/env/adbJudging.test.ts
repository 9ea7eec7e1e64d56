/**
 * Judging on phones over adb, end to end with nothing faked: a real `adb` server of the test's
 * own, adbkit, virtual devices (the adbd protocol over TCP, backed by simulator pages) and a local
 * OpenAI-compatible server as the VLM judge. A virtual device with its state tree gives both
 * verdicts for one episode and their agreement; one without (`withState: false`, as a real
 * phone) is judged by the VLM judge under `auto`, and tasks that need the state are rejected
 * before they start; a phone that goes away mid-episode is a `device_lost` run error while the
 * other phone finishes the run.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorPhone } from '../../bridge/device/simulatorPhone.ts';
import { VirtualDevice } from '../../bridge/device/virtualDevice.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation } from '../../bridge/runner/run.ts';
import type { Action } from '../../bridge/protocol/actions.ts';
import { startAdbServer, type TestAdbServer } from '../helpers/adbServer.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/openaiServer.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-adb-judging-'));
const JUDGE_YES = '```json\n{"success": true, "clean": true, "reasons": "dark mode and the large font are on, nothing else changed", "issues": []}\n```';
let server: TestAdbServer;
let judge: FakeOpenAI;
const owned: { close(): Promise<void> }[] = [];

async function virtualDevice(withState: boolean): Promise<{ phone: SimulatorPhone; device: VirtualDevice<SimulatorPhone> }> {
  const phone = await SimulatorPhone.launch({ withState });
  owned.push(phone);
  const device = await VirtualDevice.start({ phone, model: withState ? 'PG-State' : 'PG-Real' });
  owned.unshift(device);
  return { phone, device };
}

function config(name: string, devices: string[], over: Partial<RunConfig>): RunConfig {
  return { ...DEFAULT_CONFIG, env: 'adb', devices, adbPort: server.port, runDir: join(root, name), sampleSeed: 7, agent: 'oracle', judgeModel: 'judge-vlm', judgeBaseUrl: judge.baseUrl, ...over };
}

beforeAll(async () => {
  server = await startAdbServer();
  judge = await startFakeOpenAI(() => JUDGE_YES);
}, 60_000);

afterAll(async () => {
  for (const o of owned) await o.close().catch(() => {});
  await judge?.close();
  await server?.stop();
});

describe('a virtual device with its state tree', () => {
  it('--judge-mode both: the state verdict and the VLM verdict of each episode, and their agreement; then --agent openai the same way', async () => {
    const { device } = await virtualDevice(true);
    const lines: string[] = [];
    const out = await runEvaluation(config('both', [device.address], { judgeMode: 'both', taskIds: ['settings.DarkModeLargeFont', 'chat.PinChat'] }), { log: (l) => lines.push(l) });
    expect(lines.join('\n')).toContain(`phones: ${device.address}`);
    expect(lines.join('\n')).not.toContain('no state tree');
    for (const row of out.rows) {
      expect([row.task_id, row.status, row.passed, row.judge?.passed]).toEqual([row.task_id, 'completed', true, true]);
      expect(row.vlm_judge).toMatchObject({ success: true, clean: true, passed: true });
      expect(row.init_state_hash).toMatch(/^sha256:/);
    }
    expect(out.summary.judge_agreement).toMatchObject({ compared: 2, agree: 2, rate: 1 });

    // The model agent over adb: the fake model replays the oracle's actions of the first run.
    const dark = out.rows.find((r) => r.task_id === 'settings.DarkModeLargeFont')!;
    const steps = JSON.parse(readFileSync(join(out.runDir, dark.trajectory, 'trajectory.json'), 'utf8')).steps as { action: Action }[];
    const actions = steps.map((s) => s.action);
    const model = await startFakeOpenAI((_req, i) => {
      const { type, ...rest } = actions[i] ?? { type: 'complete' };
      return `Next step.\n\`\`\`json\n${JSON.stringify({ action: type, ...rest })}\n\`\`\``;
    });
    try {
      const agentRun = await runEvaluation(config('openai', [device.address], { agent: 'openai', modelName: 'test-vlm-7b', baseUrl: model.baseUrl, judgeMode: 'both', taskIds: ['settings.DarkModeLargeFont'] }), { log: () => {} });
      const row = agentRun.rows[0]!;
      expect([row.status, row.stop_reason, row.success, row.judge?.passed, row.vlm_judge && 'passed' in row.vlm_judge ? row.vlm_judge.passed : null]).toEqual(['completed', 'complete', true, true, true]);
      expect(row.steps).toBe(actions.length);
      expect(agentRun.summary.judge_agreement).toMatchObject({ compared: 1, agree: 1 });
      // The model saw the phone through adb: a screenshot in every request.
      expect(JSON.stringify(model.requests[0]!.body.messages)).toContain('data:image/jpeg;base64,');
    } finally {
      await model.close();
    }
  }, 240_000);
});

describe('a phone without a state tree', () => {
  it('--judge-mode auto judges with the VLM judge; a simulator-only task is rejected before it starts', async () => {
    const { phone, device } = await virtualDevice(false);
    const lines: string[] = [];
    const asked = judge.requests.length;
    const out = await runEvaluation(config('auto', [device.address], { taskIds: ['settings.DarkModeLargeFont', 'chat.PinChat'] }), { log: (l) => lines.push(l) });
    expect(lines.join('\n')).toContain('no state tree: the VLM judge judges');
    const dark = out.rows.find((r) => r.task_id === 'settings.DarkModeLargeFont')!;
    expect([dark.status, dark.passed, dark.judge, dark.init_state_hash]).toEqual(['completed', true, null, null]);
    expect(dark.vlm_judge).toMatchObject({ passed: true });
    expect(judge.requests.length).toBe(asked + 1);
    const pin = out.rows.find((r) => r.task_id === 'chat.PinChat')!;
    expect([pin.status, pin.error_code]).toEqual(['rejected', 'no_state']);
    expect(pin.error).toMatch(/simulator-only/);
    // The oracle really did it, through the UI over adb: the page (which adb could not read) has it.
    const page = (await phone.env.getState()).state.apps.settings as { display: { darkMode: boolean; fontSize: string } };
    expect([page.display.darkMode, page.display.fontSize]).toEqual([true, dark.params.size]);
  }, 180_000);

  it('--judge-mode state and both need the state judge: every task is rejected, saying so', async () => {
    const { device } = await virtualDevice(false);
    for (const judgeMode of ['state', 'both'] as const) {
      const out = await runEvaluation(config(`rejected-${judgeMode}`, [device.address], { judgeMode, taskIds: ['settings.DarkModeLargeFont', 'settings.RenamePhone'] }), { log: () => {} });
      expect(out.rows.map((r) => [r.status, r.error_code])).toEqual([['rejected', 'no_state'], ['rejected', 'no_state']]);
      expect(out.rows[0]!.error).toContain(`--judge-mode ${judgeMode} needs the state judge`);
    }
  }, 120_000);
});

describe('a phone that goes away mid-episode', () => {
  it('is a device_lost run error, and the run goes on with the other phone', async () => {
    const a = await virtualDevice(true);
    const b = await virtualDevice(true);
    let lost: string | null = null;
    const out = await runEvaluation(config('lost', [a.device.address, b.device.address], { judgeMode: 'state', judgeModel: null, taskIds: ['chat.PinChat', 'chat.MuteChat', 'wallet.HideBalance', 'settings.DarkModeLargeFont'] }), {
      log: () => {},
      events: {
        onStep: async (env) => {
          if (lost === null && env.deviceId === a.device.address) {
            lost = env.deviceId;
            await a.device.close();
          }
        },
      },
    });
    expect(lost).toBe(a.device.address);
    const errors = out.rows.filter((r) => r.status === 'run_error');
    expect(errors.map((r) => r.error_code)).toEqual(['device_lost']);
    const passed = out.rows.filter((r) => r.passed).map((r) => r.task_id);
    expect(passed).toHaveLength(3);
    expect(out.rows).toHaveLength(4);
  }, 240_000);
});
