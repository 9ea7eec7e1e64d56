/**
 * The VLM judge as one step of an episode (spec section 8): it sees the goal, the actions and
 * screenshots sampled from the trajectory folder, and its prompt and reply are kept beside them.
 * Under `vlm` (or `auto` for a task with no state check) its verdict counts; under `both` the
 * state verdict counts and the VLM's is kept beside it for the agreement figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeAction, type Action } from '../protocol/actions.ts';
import { vlmJudge, VlmJudgeError, type JudgeChatClient } from '../judge/vlm.ts';
import type { JudgeMode } from '../tasks/judging.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import type { TrajectoryRecorder } from './recorder.ts';
import type { ResultRow } from '../protocol/runFolder.ts';

/** `--judge-mode` with the VLM judge's client (null when none is configured). */
export interface VlmJudging {
  mode: JudgeMode;
  client: JudgeChatClient | null;
  maxImages: number;
}

export interface VlmJudgeOutcome {
  row: NonNullable<ResultRow['vlm_judge']>;
  /** Whether this verdict is the one that counts (`vlm`, or `auto` on a task without a state check). */
  counts: boolean;
}

export interface VlmEpisode {
  task: LoadedTask;
  goal: string;
  actions: Action[];
  answer: string | null;
}

/**
 * Runs the VLM judge on the episode as recorded. A judge failure never throws (it is never a task
 * failure): it comes back as `{ error_code, error }`. Only an abort of `signal` rejects.
 */
export async function runVlmJudge(vlm: VlmJudging, ep: VlmEpisode, recorder: TrajectoryRecorder, signal?: AbortSignal): Promise<VlmJudgeOutcome> {
  const counts = vlm.mode !== 'both';
  try {
    if (!vlm.client) throw new VlmJudgeError('no VLM judge is configured (--judge-model, --judge-base-url)', 'vlm_judge_bad_input');
    const shots = recorder.screenshotFiles();
    const v = await vlmJudge(
      vlm.client,
      {
        goal: ep.goal,
        actions: ep.actions.map(describeAction),
        answer: ep.answer,
        screenshots: shots.map((f) => readFileSync(join(recorder.dir, f.name))),
        screenshotSteps: shots.map((f) => f.step),
        maxImages: vlm.maxImages,
        taskKind: ep.task.def.objective === 'query' ? 'query' : 'operation',
      },
      { signal },
    );
    recorder.writeExtra('vlm_judge_prompt.json', JSON.stringify(v.prompt, null, 2));
    recorder.writeReply('vlm_judge_response.txt', v.raw);
    return { row: { success: v.success, clean: v.clean, passed: v.passed, reasons: v.reasons }, counts };
  } catch (e) {
    if (signal?.aborted) throw e;
    if (e instanceof VlmJudgeError) {
      if (e.prompt) recorder.writeExtra('vlm_judge_prompt.json', JSON.stringify(e.prompt, null, 2));
      if (e.raw !== null) recorder.writeReply('vlm_judge_response.txt', e.raw);
    }
    const code = e instanceof VlmJudgeError ? String(e.code) : 'judge_model_error';
    return { row: { error_code: code, error: `the VLM judge failed: ${(e as Error).message.split('\n')[0]}` }, counts };
  }
}
