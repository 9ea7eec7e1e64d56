/** `phonegym report <run-dir> [--format md|html] [--out FILE]`: the run report from the run folder alone. */
import { writeFileSync } from 'node:fs';
import { shownPath } from '../paths.ts';
import { UsageError } from '../protocol/errors.ts';
import { buildReport } from '../report/reportData.ts';
import { renderHtml } from '../report/html.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { configOfRun, readRunFolder } from '../runner/runFolder.ts';
import { choiceFlag, outFileFlag, parseFlags, type FlagSpec } from './flags.ts';
import { reproduceCommand } from './runFlags.ts';

const REPORT_FLAGS = {
  format: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpec;

const REPORT_HELP = `phonegym report RUN_DIR [--format md|html] [--out FILE]   the run report of a run folder

  RUN_DIR                   a folder written by phonegym run (finished, running or interrupted)
  --format md|html          Markdown for a code-hosting site (default), or one self-contained
                            HTML file (inline CSS and SVG charts, no script, readable offline)
  --out FILE                write the report there (default: standard output)

The report holds the setup (agent, model, flags, seed, task set, versions and hashes), SR with and
without infrastructure errors, PR, FC, OT, USE, steps, pass@k and pass^k, tokens and cost, tables
per suite, app and difficulty, every task's result, the failures grouped with an example of each,
judge agreement when a VLM judge ran, and the command that runs it again. The folder is only read.`;

export async function cmdReport(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseFlags('report', argv, REPORT_FLAGS, { positionals: true });
  if (v.help) {
    console.log(REPORT_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`report takes one run folder (got ${positionals.length}), e.g. phonegym report runs/20261129_101500 --format html --out report.html`);
  const format = v.format === undefined ? 'md' : choiceFlag('format', v.format, ['md', 'html'] as const);
  const folder = readRunFolder(positionals[0]!);
  const report = buildReport(folder, reproduceCommand(configOfRun(folder.meta), folder.meta.sample_seed));
  const text = format === 'html' ? renderHtml(report) : renderMarkdown(report);
  if (v.out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  const out = outFileFlag(v.out, `report.${format}`);
  writeFileSync(out, text);
  console.error(`report: ${shownPath(out)} (${folder.rows.length} episodes)`);
  return 0;
}
