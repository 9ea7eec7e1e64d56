/**
 * A run with the studio, in this process, kept open until the test lets it go: its run folder,
 * the studio URL it printed, and the run's promise. `served`: the CLI's Runs route too, with the
 * run's own folder served (the studio loads step pictures it missed from there).
 */
import { expect } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runsBeside } from '../../bridge/view/runsRoute.ts';
import { DEFAULT_CONFIG, type RunConfig } from '../../bridge/runner/config.ts';
import { runEvaluation, type RunOutcome } from '../../bridge/runner/run.ts';

export interface StudioRun {
  runDir: string;
  /** The studio URL, once the run has printed it. */
  studioUrl(): Promise<string>;
  /** The run: it ends once let go (or on its own, failing). */
  done: Promise<RunOutcome>;
  /** Lets the kept-open run end and waits for it. */
  finish(): Promise<RunOutcome>;
}

export function startStudioRun(config: Partial<RunConfig>, opts: { runs?: 'served' } = {}): StudioRun {
  const runDir = join(mkdtempSync(join(tmpdir(), 'phonegym-studio-')), 'run');
  let url = '';
  let release: () => void = () => {};
  const keepOpenUntil = new Promise<void>((r) => (release = r));
  const done = runEvaluation(
    { ...DEFAULT_CONFIG, agent: 'oracle', studio: true, keepOpen: true, ...config, runDir },
    {
      log: (line) => (url ||= /studio: (http\S+)/.exec(line)?.[1] ?? ''),
      keepOpenUntil,
      ...(opts.runs ? { studioRuns: runsBeside } : {}),
    },
  );
  return {
    runDir,
    done,
    async studioUrl() {
      await expect.poll(() => url, { timeout: 90_000 }).toMatch(/studio\.html/);
      return url;
    },
    finish() {
      release();
      return done;
    },
  };
}
