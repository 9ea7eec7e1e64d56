/**
 * The run report as Markdown that renders on a code-hosting site. Run-folder text is escaped for
 * both Markdown and the HTML such sites allow inside it: a task named `<script>` or `**x**` shows
 * as those characters.
 */
import type { RunReport } from './reportData.ts';
import { agreementRows, exampleLine, FAILURE_HEAD, failureCells, figureColumns, GROUP_HEAD, groupCells, headlineRows, METRIC_KEY, setupRows, TASK_HEAD, taskCells, trajectoryHref, type Cell } from './sections.ts';

/** Text as Markdown shows it literally, on one line. */
export function mdText(value: Cell): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/[\\`*_[\]|#~]/g, (c) => `\\${c}`)
    .replace(/\s*[\r\n]+\s*/g, ' ');
}

/** A table; a column of figures is right-aligned. */
function table(head: string[], rows: Cell[][]): string[] {
  const align = figureColumns(head.length, rows).map((right) => (right ? ' ---: ' : ' --- '));
  return [`| ${head.map(mdText).join(' | ')} |`, `|${align.join('|')}|`, ...rows.map((r) => `| ${r.map(mdText).join(' | ')} |`)];
}

export function renderMarkdown(r: RunReport): string {
  const out: string[] = [`# Run report: ${mdText(r.title)}`, ''];
  if (r.notes.length) out.push(...r.notes.map((n) => `> **Note:** ${mdText(n)}`), '');
  out.push('## Setup', '', ...table(['', ''], setupRows(r)), '');
  out.push('## Results', '', ...table(['Metric', 'Value', 'Counts'], headlineRows(r)), '');
  out.push('### By suite', '', ...table(GROUP_HEAD, r.per_suite.map(groupCells)), '');
  out.push('### By app', '', 'An episode counts for every app its task uses.', '', ...table(GROUP_HEAD, r.per_app.map(groupCells)), '');
  out.push('### By difficulty', '', ...table(GROUP_HEAD, r.per_difficulty.map(groupCells)), '');
  if (r.per_variant.length) out.push('### By look', '', 'The same instances drawn in each look (--variant).', '', ...table(GROUP_HEAD, r.per_variant.map(groupCells)), '');
  out.push('## Failures', '');
  if (!r.failures.length) out.push('Every rated episode succeeded.', '');
  else {
    out.push(...table(FAILURE_HEAD, r.failures.map(failureCells)), '', '### An example of each', '');
    for (const f of r.failures) {
      const e = exampleLine(f);
      const href = trajectoryHref(e.trajectory);
      out.push(`- **${mdText(e.title)}**${href ? ` ([trajectory](${href}))` : ''}`, `  - goal: ${mdText(e.goal)}`, `  - ${mdText(e.detail)}`);
    }
    out.push('');
  }
  const agreement = agreementRows(r);
  if (agreement) out.push('## Judge agreement', '', 'The state judge against the VLM judge, episode by episode.', '', ...table(['', ''], agreement), '');
  out.push('## Every task', '', ...table(TASK_HEAD, r.tasks.map(taskCells)), '');
  out.push('## Reproduce', '', '```sh', r.reproduce.replaceAll('```', '` ` `'), '```', '');
  out.push('## Key', '', ...METRIC_KEY.map(([k, v]) => `- **${mdText(k)}**: ${mdText(v)}`), '');
  return out.join('\n');
}
