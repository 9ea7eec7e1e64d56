/**
 * What a run settles before it makes a run folder: the config's combinations the spec rules out,
 * the phones of an `--env adb` run (connected, authorized, of one kind), and the folder itself.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { AdbPool } from '../env/adbPool.ts';
import { runsRoot } from '../paths.ts';
import type { RunConfig } from './config.ts';
import { prepareOutputDir } from './output.ts';

/** Refuses combinations the spec rules out, before anything starts. */
export function checkRunConfig(config: RunConfig): void {
  if (config.judgeMode === 'both' && !config.judgeModel && !config.modelName) {
    throw new UsageError('--judge-mode both runs the VLM judge beside the state judge and needs a model: give --judge-model (and --judge-base-url for a local server, --judge-api-key-env for its key), or run a model agent whose --model-name it then uses');
  }
  if (!config.screenshots && (config.judgeMode === 'vlm' || config.judgeMode === 'both')) {
    throw new UsageError(`--no-screenshots leaves the VLM judge (--judge-mode ${config.judgeMode}) no screens to judge from: drop --no-screenshots, or judge by state (--judge-mode state)`);
  }
  if (!config.screenshots && config.studio) {
    throw new UsageError('--no-screenshots leaves the studio\'s live phone without pictures: drop one of --studio and --no-screenshots');
  }
  if (config.processes > 1 && config.isolation === 'contexts') {
    throw new UsageError('--isolation contexts is single-process only (spec section 6): do not combine it with --processes. Use --isolation pages (recommended) or browsers with --processes, or contexts with --parallel N in one process.');
  }
  if (config.processes > 1 && config.agent === 'remote') {
    throw new UsageError("--agent remote serves the agent through this process's bridge, but with --processes K every shard has its own bridge and token. Use --processes 1 (with --parallel N for concurrency).");
  }
  if (config.env === 'adb') {
    if (!config.devices.length) throw new UsageError('--env adb runs on phones over ADB: give --device SERIAL (or HOST:PORT; a comma list for several). phonegym devices lists what adb sees');
    if (config.studio) throw new UsageError('--studio watches simulator pages; an --env adb run has none to show. Watch the phone itself, or run the tasks on the simulator with --studio');
    if (config.processes > 1) throw new UsageError('--env adb runs one episode per phone in one process: drop --processes (give more phones with --device a,b)');
  } else if (config.devices.length) {
    throw new UsageError(`--device ${config.devices.join(',')} names phones for --env adb; add --env adb to run on them`);
  }
  if (config.processes > 1 && config.studio) {
    throw new UsageError('--studio watches the pages of one process; with --processes K there are K. For a live demo use --parallel N (N pages in one process) instead of --processes.');
  }
}

/**
 * The phones of an `--env adb` run, opened before its run folder: a phone that is missing,
 * unauthorized or offline stops the run with nothing written. Real phones (no state tree) and
 * virtual devices (a state tree) are not mixed: the same task would be judged two ways.
 */
export async function openRunPhones(config: RunConfig, log: (line: string) => void): Promise<AdbPool | null> {
  if (config.env !== 'adb') return null;
  const phones = await AdbPool.open({ serials: config.devices, ...(config.adbPort !== null ? { adbPort: config.adbPort } : {}), coords: { space: config.coords, screenshotScale: config.screenshotScale }, jpegQuality: config.jpegQuality });
  const stateful = phones.envs.filter((e) => e.capabilities.state);
  if (stateful.length > 0 && stateful.length < phones.envs.length) {
    await phones.close();
    const names = (want: boolean) => phones.envs.filter((e) => e.capabilities.state === want).map((e) => e.deviceId).join(', ');
    throw new UsageError(`--device mixes phones with a state tree (${names(true)}: virtual devices) and without one (${names(false)}: real phones), which judge the same task two ways; run them separately`);
  }
  const server = `adb server on port ${phones.server.port}${phones.server.started ? ', started for this run' : ''}`;
  log(`phones: ${phones.envs.map((e) => e.deviceId).join(', ')} (${server})${phones.withState ? '' : '; no state tree: the VLM judge judges (--judge-mode auto)'}`);
  return phones;
}

export function timestampDir(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}_${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** The new run's folder: `--run-dir` (refused when it holds a run already), else a timestamped one under the runs root. */
export function makeRunDir(config: RunConfig): string {
  if (config.runDir) {
    const dir = resolve(config.runDir);
    if (existsSync(join(dir, 'results.jsonl'))) throw new UsageError(`run folder ${dir} already holds a run; choose another --run-dir, remove it, or finish it with --resume ${config.runDir}`);
    return prepareOutputDir(dir, '--run-dir');
  }
  const root = runsRoot();
  let dir = join(root, timestampDir());
  for (let k = 1; existsSync(dir); k++) dir = join(root, `${timestampDir()}_${k}`);
  return prepareOutputDir(dir, 'the runs folder');
}
