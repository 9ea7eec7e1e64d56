/**
 * Recording a demonstration in Author mode, on the bridge: per interactive phone, the recording
 * of the task set up on it (the phone's `userInput` events through bridge/tasks/demoCapture.ts),
 * Save as oracle (bridge/tasks/demoFile.ts), and `phonegym verify` of the saved file on seeds
 * 1-3 in a child process, whose progress and per-seed results reach the studio as `demoChanged`.
 *
 * Verify runs as the CLI (`phonegym verify --json`): it imports the task files afresh, launches
 * its own browser, and leaves this bridge and the author's phone alone while it works.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import type { DemoOp, DemoVerify, DemoVerifySeed, DemoView } from '../protocol/demo.ts';
import type { DeviceConnection } from '../server/bridgeServer.ts';
import { DemoBuilder } from '../tasks/demoCapture.ts';
import { DEMO_FORMAT, type DemoFile } from '../tasks/demo.ts';
import { demoPath, writeDemoFile } from '../tasks/demoFile.ts';
import type { LoadedTask } from '../tasks/registry.ts';
import { BIN_PATH, REPO_ROOT } from '../paths.ts';

/** The base seeds a saved demonstration is verified on. */
export const DEMO_VERIFY_SEEDS = [1, 2, 3];

interface Recording {
  deviceId: string;
  task: LoadedTask;
  params: Record<string, unknown>;
  seed: number;
  builder: DemoBuilder;
  recording: boolean;
  /** Counts changes of the steps, so the view can say whether the saved file is still this recording. */
  edits: number;
  oracle: NonNullable<DemoView['oracle']>;
  saved?: Omit<NonNullable<DemoView['saved']>, 'current'> & { edits: number };
  verify?: DemoVerify;
  verifying?: VerifyRun;
  stopListening: () => void;
}

export interface DemoSessionsContext {
  /** The folder the registry read the suites from: files are written and verified there. */
  root: () => string;
  broadcast: (demo: DemoView) => void;
  /** Runs verify on the saved file (default: `phonegym verify --json` in a child process). */
  runVerify?: (job: VerifyJob, onStderr: (all: string) => void) => VerifyRun;
}

export interface VerifyJob {
  taskId: string;
  root: string;
  seeds: number[];
}

export interface VerifyRun {
  result: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string; error?: string }>;
  kill(): void;
}

/** `phonegym verify --task-id … --tasks-root … --sample-seed 1,2,3 --json`, as a user would run it. */
export function spawnVerify(job: VerifyJob, onStderr: (all: string) => void): VerifyRun {
  const args = [BIN_PATH, 'verify', '--task-id', job.taskId, '--tasks-root', job.root, '--sample-seed', job.seeds.join(','), '--json'];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => onStderr((stderr += d)));
  const result = new Promise<Awaited<VerifyRun['result']>>((done) => {
    child.on('error', (e) => done({ code: null, signal: null, stdout, stderr, error: e.message }));
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
  return { result, kill: () => void child.kill() };
}

export class DemoSessions {
  private byDevice = new Map<string, Recording>();

  constructor(private ctx: DemoSessionsContext) {
    // A verify still running when the bridge's process ends would outlive it.
    process.once('exit', () => {
      for (const r of this.byDevice.values()) r.verifying?.kill();
    });
  }

  /** A task was set up on the phone: a new, stopped recording for it. */
  setUp(device: DeviceConnection, task: LoadedTask, params: Record<string, unknown>, seed: number): void {
    const old = this.byDevice.get(device.id);
    old?.stopListening();
    old?.verifying?.kill();
    const rec: Recording = {
      deviceId: device.id,
      task,
      params,
      seed,
      builder: new DemoBuilder(params),
      recording: false,
      edits: 0,
      oracle: task.demo ? (task.demo.replaces ? 'demo-replacing' : 'demo') : 'hand-written',
      stopListening: () => {},
    };
    rec.stopListening = device.on('userInput', (capture) => {
      if (!rec.recording || this.byDevice.get(device.id) !== rec) return;
      rec.builder.add(capture);
      rec.edits++;
      this.changed(rec);
    });
    this.byDevice.set(device.id, rec);
    this.changed(rec);
  }

  view(deviceId: string): DemoView {
    const rec = this.byDevice.get(deviceId);
    if (!rec) return { deviceId, taskId: null, recording: false, steps: [], file: null, oracle: null };
    return {
      deviceId,
      taskId: rec.task.id,
      recording: rec.recording,
      steps: rec.builder.views(),
      ...(rec.builder.note ? { note: rec.builder.note } : {}),
      file: this.relativeFile(rec),
      oracle: rec.oracle,
      ...(rec.saved ? { saved: { file: rec.saved.file, steps: rec.saved.steps, at: rec.saved.at, current: rec.saved.edits === rec.edits } } : {}),
      ...(rec.verify ? { verify: rec.verify } : {}),
    };
  }

  op(deviceId: string, op: DemoOp): DemoView {
    const rec = this.require(deviceId);
    if (op !== 'stop') rec.edits++;
    switch (op) {
      case 'start':
        rec.builder.clear();
        rec.recording = true;
        break;
      case 'stop':
        rec.recording = false;
        break;
      case 'undo':
        rec.builder.undo();
        break;
      case 'clear':
        rec.builder.clear();
        break;
    }
    this.changed(rec);
    return this.view(deviceId);
  }

  /**
   * Writes the recording beside the task and starts verifying it. A task's own oracle is
   * replaced only when the author says so; a recording saved before is simply rewritten.
   */
  save(deviceId: string, replaceOracle: boolean): DemoView {
    const rec = this.require(deviceId);
    const steps = rec.builder.steps();
    if (steps.length === 0) throw new UsageError('nothing is recorded yet: press Record, then act on the phone');
    const own = rec.oracle !== 'demo';
    if (rec.oracle === 'hand-written' && !replaceOracle) {
      const file = relative(resolve(this.ctx.root()), resolve(REPO_ROOT, rec.task.file)).split(sep).join('/');
      throw new PhonegymError(`${rec.task.id} has its own oracle(ui, p) in ${file}: tick “Replace its own oracle” to use the recording instead (the task file is not changed)`, { code: 'oracle_exists', details: { taskId: rec.task.id } });
    }
    const demo: DemoFile = {
      format: DEMO_FORMAT,
      task: rec.task.id,
      ...(own ? { replacesOracle: true } : {}),
      recorded: { seed: rec.seed, params: shownParams(rec.params) },
      steps,
    };
    const file = writeDemoFile(this.ctx.root(), rec.task.suite, rec.task.name, demo);
    rec.recording = false;
    rec.oracle = own ? 'demo-replacing' : 'demo';
    rec.saved = { file, steps: steps.length, at: new Date().toISOString(), edits: rec.edits };
    this.startVerify(rec);
    return this.view(deviceId);
  }

  private startVerify(rec: Recording): void {
    rec.verifying?.kill();
    const seeds = DEMO_VERIFY_SEEDS;
    const verify: DemoVerify = { state: 'running', seeds, results: [], progress: 'starting phonegym verify…' };
    rec.verify = verify;
    this.changed(rec);
    const run = (this.ctx.runVerify ?? spawnVerify)({ taskId: rec.task.id, root: resolve(this.ctx.root()), seeds }, (stderr) => {
      const line = progressLine(stderr);
      if (line && line !== verify.progress && rec.verify === verify) {
        verify.progress = line;
        this.changed(rec);
      }
    });
    rec.verifying = run;
    void run.result.then(({ code, signal, stdout, stderr, error }) => {
      if (rec.verifying === run) rec.verifying = undefined;
      if (rec.verify !== verify) return;
      const { progress: _progress, ...done } = verify;
      let update: Partial<DemoVerify>;
      if (error) update = { state: 'error', error: `could not start phonegym verify: ${error}` };
      else if (signal) update = { state: 'error', error: `phonegym verify stopped (${signal})` };
      else if (code !== 0 && code !== 1) update = { state: 'error', error: `phonegym verify refused (exit ${code}): ${lastLines(stderr) || 'no message'}` };
      else {
        try {
          update = { state: 'done', ...readVerifyReport(stdout, seeds) };
        } catch (e) {
          update = { state: 'error', error: `could not read verify's report: ${(e as Error).message}` };
        }
      }
      rec.verify = { ...done, ...update };
      this.changed(rec);
    });
  }

  private require(deviceId: string): Recording {
    const rec = this.byDevice.get(deviceId);
    if (!rec) throw new UsageError('no task is set up on this phone: pick a task and press Set up (or Record) first');
    return rec;
  }

  private relativeFile(rec: Recording): string {
    const root = resolve(this.ctx.root());
    return relative(root, demoPath(root, rec.task.suite, rec.task.name)).split(sep).join('/');
  }

  private changed(rec: Recording): void {
    this.ctx.broadcast(this.view(rec.deviceId));
  }
}

/** What the file keeps of the instance: the values the templates stood for (records left out). */
function shownParams(p: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).filter(([k, v]) => !k.startsWith('_') && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')));
}

function lastLines(text: string, n = 3): string {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).slice(-n).join(' · ');
}

/** verify's progress on stderr: `[2/3] ok   chat.PinChat#i0 (seed …)  9.12 s` → `2 of 3 instances verified`. */
function progressLine(stderr: string): string | null {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\[\s*(\d+)\/(\d+)\]\s+(ok|FAIL)/.exec(lines[i]!);
    if (m) return `${m[1]} of ${m[2]} instances verified`;
    if (/^verifying /.test(lines[i]!)) return lines[i]!;
  }
  return null;
}

interface ReportCheck {
  check: string;
  status: string;
  reason?: string;
}

/**
 * The parts of `phonegym verify --json` (docs/verify.md) the studio shows: per base seed, passed
 * when every check of every instance passed, else one line per failing check.
 */
export function readVerifyReport(stdout: string, seeds: number[]): Pick<DemoVerify, 'results' | 'error'> {
  const report = JSON.parse(stdout) as { instances?: unknown; load_errors?: unknown };
  if (!Array.isArray(report.instances)) throw new Error('it has no "instances"');
  const instances = report.instances as { base_seed: number; instance: number; checks: ReportCheck[] }[];
  const loadErrors = Array.isArray(report.load_errors) ? (report.load_errors as { file: string; message: string }[]) : [];
  const results: DemoVerifySeed[] = seeds.map((seed) => {
    const mine = instances.filter((r) => r.base_seed === seed);
    const many = mine.length > 1;
    const reasons = mine.flatMap((r) => r.checks.filter((c) => c.status === 'fail').map((c) => `${many ? `instance ${r.instance}: ` : ''}${c.check}: ${c.reason ?? 'failed'}`));
    if (mine.length === 0) reasons.push(loadErrors.length ? 'not verified: the task did not load' : 'not verified');
    return { seed, passed: reasons.length === 0, reasons };
  });
  return { results, ...(loadErrors.length ? { error: loadErrors.map((e) => `${e.file}: ${e.message}`).join('\n') } : {}) };
}
