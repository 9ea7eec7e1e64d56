/**
 * The `phonegym` command line: run, list, build, doctor and the rest, each command in its own
 * module. Bad input fails with a clear message (what, where, what to do) before any browser starts.
 */
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import { didYouMean } from '../protocol/suggest.ts';

type Command = (argv: string[]) => Promise<number>;

/**
 * Every command, loaded when it is asked for: a command's modules (Playwright, the runner, the
 * servers) are most of the CLI's start-up, and help, a refusal or \`list\` need none of the others'.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./runCommand.ts')).cmdRun,
  list: async () => (await import('./listCommand.ts')).cmdList,
  verify: async () => (await import('./verifyCommand.ts')).cmdVerify,
  merge: async () => (await import('./mergeCommand.ts')).cmdMerge,
  view: async () => (await import('./viewCommand.ts')).cmdView,
  studio: async () => (await import('./studioCommand.ts')).cmdStudio,
  report: async () => (await import('./reportCommand.ts')).cmdReport,
  export: async () => (await import('./exportCommand.ts')).cmdExport,
  leaderboard: async () => (await import('./leaderboardCommand.ts')).cmdLeaderboard,
  serve: async () => (await import('./serveCommand.ts')).cmdServe,
  devices: async () => (await import('./devicesCommand.ts')).cmdDevices,
  'virtual-device': async () => (await import('./virtualDeviceCommand.ts')).cmdVirtualDevice,
  env: async () => (await import('./envCommand.ts')).cmdEnv,
  'new-task': async () => (await import('./newTask.ts')).cmdNewTask,
  build: async () => (await import('./doctorCommand.ts')).cmdBuild,
  doctor: async () => (await import('./doctorCommand.ts')).cmdDoctor,
};

const MAIN_HELP = `phonegym — a browser-first simulator and evaluator for mobile GUI agents

  phonegym run [flags]      run an agent on tasks (phonegym run --help)
  phonegym list [flags]     list tasks with their taxonomy (--json for tools)
  phonegym new-task s/Name   write a commented starting file tasks/s/Name.ts
  phonegym verify [flags]   prove tasks sound: oracle passes, noop fails, stray changes caught
  phonegym merge DIRS… --run-dir OUT   join the run folders of --shard i/K runs into one
  phonegym view DIR [--port P]   look at a run in the browser: episodes, replays, goals, diffs
  phonegym studio [--runs DIR]   the studio without a run: author tasks by hand, open run folders
  phonegym serve [--port P] [--pages N]   an env server for trainers: HTTP, OpenEnv's WebSocket, forks
  phonegym report DIR [--format md|html] [--out FILE]   the run report of a run folder
  phonegym export DIR --format verifiers|sft [--out FILE]   a run's episodes as training records (JSONL)
  phonegym leaderboard build DIRS… --out SITE | check DIR   a static leaderboard from run folders
  phonegym virtual-device [--port P]   a phone that adb connects to (adb connect 127.0.0.1:P)
  phonegym devices [--connect HOST:PORT]   the phones adb knows: serial, state, model, screen
  phonegym env check | info [--manifest FILE]   the environment manifest (phonegym.toml): validate it, or its env id and services
  phonegym build            build the phone and studio pages
  phonegym doctor           check the machine: Node, Chromium, the web build`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const load = command === undefined ? undefined : Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (load) return await (await load())(rest);
    switch (command) {
      case '__shard': {
        // A shard process forked by `run --processes K` (not for people).
        const code = await (await import('../runner/shardProcess.ts')).shardProcessMain();
        process.disconnect?.();
        return code;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(MAIN_HELP);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command "${command}"${didYouMean(command, Object.keys(COMMANDS))}. Commands: ${Object.keys(COMMANDS).join(', ')}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`phonegym: ${e.message}`);
      return 2;
    }
    if (e instanceof PhonegymError) {
      console.error(`phonegym: ${e.message}`);
      return 1;
    }
    console.error(e);
    return 1;
  }
}
