/** `phonegym export <run-dir> --format verifiers|sft [--out FILE] [--last-images N] [--all]`: a run's episodes as training records. */
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { openRun } from '../export/episodes.ts';
import { exportRun, exportSummary } from '../export/exportRun.ts';
import { fileSink, stdoutSink } from '../export/jsonlSink.ts';
import { EXPORT_FORMATS } from '../export/records.ts';
import { choiceFlag, intFlag, outFileFlag, parseFlags, type FlagSpec } from './flags.ts';

const EXPORT_FLAGS = {
  format: { type: 'string' },
  out: { type: 'string' },
  'last-images': { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const EXPORT_HELP = `phonegym export RUN_DIR --format verifiers|sft [--out FILE] [--last-images N] [--all]
                          a run's episodes as training records, one JSON line per episode

  RUN_DIR                   a folder written by phonegym run
  --format verifiers        Verifiers' rollout row (results.jsonl): prompt (the agent's system
                            message, the goal and the first screen), completion (one tool call per
                            action, one tool message per screen), reward (1 when the judge passed
                            the episode, else 0), metrics, stop condition, info, tool_defs
  --format sft              OpenAI chat messages + tools (prime-rl's SFT trainer reads them):
                            passed episodes only unless --all
  --out FILE                write there, whole or not at all (default: standard output)
  --last-images N           keep the last N screenshots as images, earlier ones as a short note
  --all                     sft: failed episodes too (infrastructure errors never)

Screenshots are inline data:image/jpeg;base64 URIs. A summary goes to standard error. The folder
is only read. docs/training.md describes both records.`;

export async function cmdExport(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('export', argv, EXPORT_FLAGS, { positionals: true });
  if (v.help) {
    console.log(EXPORT_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`export takes one run folder (got ${positionals.length}), e.g. phonegym export runs/20261129_101500 --format verifiers --out rollouts.jsonl`);
  const format = choiceFlag('format', v.format, EXPORT_FORMATS);
  if (!format) throw new UsageError(`export needs --format ${EXPORT_FORMATS.join(' or ')}, e.g. phonegym export ${positionals[0]} --format verifiers --out rollouts.jsonl`);
  if (v.all && format !== 'sft') throw new UsageError('--all is for --format sft (the verifiers format keeps every finished episode, failures with reward 0)');
  const lastImages = intFlag('last-images', v['last-images'], { min: 0 }) ?? null;
  const out = v.out === undefined ? null : outFileFlag(v.out, `${format}.jsonl`);
  // Everything that refuses the folder is found before a byte is written.
  const folder = openRun(positionals[0]!);
  const sink = out ? fileSink(out) : stdoutSink();
  // Ctrl+C mid-export: the earlier file stays as it was and the partial one goes.
  const interrupted = () => {
    sink.abort();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const result = await exportRun(folder, { format, lastImages, all: !!v.all }, sink);
    sink.commit();
    console.error(exportSummary(result, out ? shownPath(out) : 'standard output'));
    for (const [reason, example] of Object.entries(result.examples)) {
      if (!['cancelled', 'infrastructure error'].includes(reason) && !reason.startsWith('not passed')) console.error(`  ${reason}, e.g. ${example}`);
    }
  } catch (e) {
    sink.abort();
    throw e;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  return 0;
}
