/**
 * A recorded demonstration as a task's oracle: `tasks/<suite>/<TaskName>.demo.json`, written by
 * the studio's Save as oracle and read by the registry (docs/tasks.md, "Recording the oracle").
 * This module owns the file format (parse with a clear error, write one step per line), the
 * parameter templates in it (`{chatId}`, `{amount|yuan}`), the readable line of each step, and
 * the replay: an ordinary `oracle(ui, p)` over the task API's UI actions.
 *
 *   { "tap": "chat.item.{chatId}" }                       ui.tap by key (a string is always a key)
 *   { "tap": { "role": "button", "text": "发送" } }        by role and text (or textIncludes)
 *   { "longPress": Q }  { "scrollTo": Q, "within": K }
 *   { "type": "{text}", "into": "chat.input" }           the field ends up holding the text
 *   { "key": "back" | "home" | "enter" }  { "openApp": "chat" }
 */
import { UsageError } from '../protocol/errors.ts';
import { moneyText } from '../../simulator-apps/shared/money.ts';
import type { OracleQuery, OracleUi, TaskDefinition } from './types.ts';

export const DEMO_FORMAT = 'phonegym.demo/1';
export const DEMO_SUFFIX = '.demo.json';

/** A string is a `data-ui` key; an object matches like the oracle API's query. */
export type DemoQuery = string | { key?: string; text?: string; textIncludes?: string; role?: string };

export type DemoStep =
  | { tap: DemoQuery; within?: string }
  | { longPress: DemoQuery; within?: string }
  | { type: string; into: DemoQuery; within?: string }
  | { scrollTo: DemoQuery; within?: string }
  | { key: 'back' | 'home' | 'enter' }
  | { openApp: string };

export interface DemoFile {
  format: typeof DEMO_FORMAT;
  /** The task id, `chat.PinChat` (checked against the file's place). */
  task: string;
  /** The author chose to use this recording instead of the task's own `oracle(ui, p)`. */
  replacesOracle?: boolean;
  /** The instance it was recorded on, for readers: the values the templates stand for. */
  recorded?: { seed: number; params: Record<string, unknown> };
  steps: DemoStep[];
}

export class DemoError extends UsageError {
  override name = 'DemoError';
}

// --- templates ---------------------------------------------------------------------------------

/** How a parameter is written where the author typed it in another form. */
export const TEMPLATE_FORMATS: Record<string, { describe: string; apply(v: unknown): string | null }> = {
  /** An amount in fen as one types it in yuan: 12850 → `128.50`. */
  yuan: { describe: 'an amount in fen as yuan with two decimals', apply: (v) => (typeof v === 'number' && Number.isInteger(v) ? moneyText(v) : null) },
  /** Only the digits: `021-6123 4567` → `02161234567`. */
  digits: { describe: 'only the digits of the value', apply: (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : null) },
};

export type TemplatePart = string | { name: string; format?: string };

const PLACEHOLDER = /^([A-Za-z][A-Za-z0-9]*)(?:\|([a-z]+))?$/;

/** `{{` and `}}` are literal braces; `{name}` and `{name|format}` stand for a parameter. */
export function parseTemplate(s: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if ((c === '{' || c === '}') && s[i + 1] === c) {
      text += c;
      i++;
    } else if (c === '{') {
      const end = s.indexOf('}', i);
      const m = end < 0 ? null : PLACEHOLDER.exec(s.slice(i + 1, end));
      if (!m) throw new DemoError(`"${s}": a "{" must start a parameter like {chatId} or {amount|yuan} (write {{ for a brace)`);
      if (m[2] !== undefined && !TEMPLATE_FORMATS[m[2]]) throw new DemoError(`"${s}": unknown format "${m[2]}" (formats: ${Object.keys(TEMPLATE_FORMATS).join(', ')})`);
      if (text) parts.push(text);
      text = '';
      parts.push(m[2] !== undefined ? { name: m[1]!, format: m[2] } : { name: m[1]! });
      i = end;
    } else if (c === '}') {
      throw new DemoError(`"${s}": a lone "}" (write }} for a brace)`);
    } else text += c;
  }
  if (text) parts.push(text);
  return parts;
}

export function escapeTemplate(literal: string): string {
  return literal.replace(/[{}]/g, (c) => c + c);
}

export function placeholder(name: string, format?: string): string {
  return format ? `{${name}|${format}}` : `{${name}}`;
}

export function fillTemplate(s: string, p: Record<string, unknown>): string {
  return parseTemplate(s)
    .map((part) => {
      if (typeof part === 'string') return part;
      if (!Object.hasOwn(p, part.name)) throw new DemoError(`no parameter "${part.name}" (this instance has ${Object.keys(p).filter((k) => !k.startsWith('_')).join(', ') || 'none'})`);
      const v = p[part.name];
      if (!part.format) return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
      const out = TEMPLATE_FORMATS[part.format]!.apply(v);
      if (out === null) throw new DemoError(`{${part.name}|${part.format}}: ${JSON.stringify(v)} cannot be written as ${TEMPLATE_FORMATS[part.format]!.describe}`);
      return out;
    })
    .join('');
}

/** The parameter names a template uses. */
function templateNames(s: string): string[] {
  return parseTemplate(s).flatMap((p) => (typeof p === 'string' ? [] : [p.name]));
}

/** The parameters a task declares: every non-virtual name, and the fields virtual ones spread into. */
export function declaredParams(def: Pick<TaskDefinition, 'params'>): string[] {
  const out: string[] = [];
  for (const [name, spec] of Object.entries(def.params ?? {})) {
    if (!name.startsWith('_')) out.push(name);
    if (spec && typeof spec === 'object' && spec.fields) out.push(...Object.keys(spec.fields));
  }
  return [...new Set(out)];
}

// --- one step ----------------------------------------------------------------------------------

type StepKind = 'tap' | 'longPress' | 'type' | 'scrollTo' | 'key' | 'openApp';
const STEP_KINDS: readonly StepKind[] = ['tap', 'longPress', 'type', 'scrollTo', 'key', 'openApp'];

function queryText(q: DemoQuery): string {
  if (typeof q === 'string') return q;
  const text = q.text !== undefined ? ` "${q.text}"` : q.textIncludes !== undefined ? ` containing "${q.textIncludes}"` : '';
  return `${q.key ?? q.role ?? 'element'}${text}`;
}

/** The step as one line: `tap chat.item.{chatId}`, `type "{text}" into chat.input`. */
export function stepLine(step: DemoStep): string {
  if ('tap' in step) return `tap ${queryText(step.tap)}`;
  if ('longPress' in step) return `long press ${queryText(step.longPress)}`;
  if ('type' in step) return `type "${step.type}" into ${queryText(step.into)}`;
  if ('scrollTo' in step) return `scroll to ${queryText(step.scrollTo)}${step.within ? ` in ${step.within}` : ''}`;
  if ('key' in step) return step.key === 'enter' ? 'press enter' : step.key;
  return `open app ${step.openApp}`;
}

const QUERY_FIELDS = ['key', 'text', 'textIncludes', 'role'] as const;

function queryProblem(q: unknown): string | null {
  if (typeof q === 'string') return q.trim() === '' ? 'an empty key' : null;
  if (typeof q !== 'object' || q === null || Array.isArray(q)) return 'a query is a key string or { key, text, textIncludes, role }';
  const extra = Object.keys(q).filter((k) => !(QUERY_FIELDS as readonly string[]).includes(k));
  if (extra.length) return `unknown query field ${extra.map((k) => `"${k}"`).join(', ')} (fields: ${QUERY_FIELDS.join(', ')})`;
  const fields = QUERY_FIELDS.filter((k) => (q as Record<string, unknown>)[k] !== undefined);
  if (fields.length === 0) return 'an empty query';
  const bad = fields.find((k) => typeof (q as Record<string, unknown>)[k] !== 'string');
  return bad ? `${bad} must be a string` : null;
}

/** Why `s` is not a step (null when it is one), with the templates it uses. */
function stepProblem(s: unknown): { problem: string } | { templates: string[] } {
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return { problem: `a step is an object like { "tap": "chat.send" }` };
  const o = s as Record<string, unknown>;
  const kinds = STEP_KINDS.filter((k) => k in o);
  if (kinds.length !== 1) return { problem: kinds.length ? `one action per step (found ${kinds.join(' and ')})` : `no action: name one of ${STEP_KINDS.join(', ')}` };
  const kind = kinds[0]!;
  const allowed: Record<StepKind, string[]> = { tap: ['within'], longPress: ['within'], scrollTo: ['within'], type: ['into', 'within'], key: [], openApp: [] };
  const extra = Object.keys(o).filter((k) => k !== kind && !allowed[kind].includes(k));
  if (extra.length) return { problem: `${kind}: unknown field ${extra.map((k) => `"${k}"`).join(', ')}` };
  if (o.within !== undefined && (typeof o.within !== 'string' || o.within === '')) return { problem: `within must be the key of a list` };
  const templates: string[] = [];
  const query = (q: unknown, what: string): string | null => {
    const p = queryProblem(q);
    if (p) return `${what}: ${p}`;
    templates.push(...(typeof q === 'string' ? [q] : QUERY_FIELDS.map((k) => (q as Record<string, string | undefined>)[k]).filter((v): v is string => v !== undefined)));
    return null;
  };
  let problem: string | null = null;
  if (kind === 'key') problem = ['back', 'home', 'enter'].includes(o.key as string) ? null : `key must be "back", "home" or "enter" (got ${JSON.stringify(o.key)})`;
  else if (kind === 'openApp') problem = typeof o.openApp === 'string' && o.openApp !== '' ? (templates.push(o.openApp), null) : 'openApp must name an app id';
  else if (kind === 'type') problem = typeof o.type !== 'string' ? 'type must be the text to type' : (templates.push(o.type), query(o.into, 'into'));
  else problem = query(o[kind], kind);
  if (o.within !== undefined) templates.push(o.within as string);
  return problem ? { problem } : { templates };
}

// --- the file ----------------------------------------------------------------------------------

/**
 * Reads a demonstration file and checks it against its task: the id, each step, and that every
 * template names a parameter the task declares. Errors name the file and the step.
 */
export function parseDemoFile(text: string, where: { file: string; taskId: string; params: string[] }): DemoFile {
  const fail = (msg: string): never => {
    throw new DemoError(`${where.file}: ${msg}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return fail(`not valid JSON (${(e as Error).message})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('a demonstration is a JSON object with "format", "task" and "steps"');
  const o = raw as Record<string, unknown>;
  if (o.format !== DEMO_FORMAT) fail(`"format" must be "${DEMO_FORMAT}" (got ${JSON.stringify(o.format)})`);
  if (o.task !== where.taskId) fail(`"task" is ${JSON.stringify(o.task)} but the file belongs to ${where.taskId}: rename the file or fix the id`);
  if (o.replacesOracle !== undefined && typeof o.replacesOracle !== 'boolean') fail('"replacesOracle" must be true or false');
  if (o.recorded !== undefined) {
    const r = o.recorded as Record<string, unknown>;
    if (typeof r !== 'object' || r === null || typeof r.seed !== 'number' || typeof r.params !== 'object' || r.params === null) fail('"recorded" must be { seed, params }');
  }
  if (!Array.isArray(o.steps)) return fail('"steps" must be a list');
  o.steps.forEach((s, i) => {
    const r = stepProblem(s);
    if ('problem' in r) fail(`step ${i + 1}: ${r.problem}`);
    else {
      for (const t of r.templates) {
        let names: string[];
        try {
          names = templateNames(t);
        } catch (e) {
          return fail(`step ${i + 1}: ${(e as Error).message}`);
        }
        const unknown = names.find((n) => !where.params.includes(n));
        if (unknown) fail(`step ${i + 1}: {${unknown}} is not a parameter of ${where.taskId} (its parameters: ${where.params.join(', ') || 'none'})`);
      }
    }
  });
  const extra = Object.keys(o).filter((k) => !['format', 'task', 'replacesOracle', 'recorded', 'steps'].includes(k));
  if (extra.length) fail(`unknown field ${extra.map((k) => `"${k}"`).join(', ')}`);
  return o as unknown as DemoFile;
}

/** One value on one line, `{ "tap": "chat.send" }` style (JSON with a space after `:` and `,`). */
function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    return entries.length ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(v);
}

/** The file's text: the header fields, then one step per line, so a diff shows one line per step. */
export function formatDemoFile(demo: DemoFile): string {
  const head: string[] = [`  "format": ${JSON.stringify(demo.format)}`, `  "task": ${JSON.stringify(demo.task)}`];
  if (demo.replacesOracle !== undefined) head.push(`  "replacesOracle": ${demo.replacesOracle}`);
  if (demo.recorded) head.push(`  "recorded": ${inline(demo.recorded)}`);
  const steps = demo.steps.length ? `[\n${demo.steps.map((s) => `    ${inline(s)}`).join(',\n')}\n  ]` : '[]';
  return `{\n${[...head, `  "steps": ${steps}`].join(',\n')}\n}\n`;
}

// --- the replay ----------------------------------------------------------------------------------

function fillQuery(q: DemoQuery, p: Record<string, unknown>): OracleQuery {
  if (typeof q === 'string') return { key: fillTemplate(q, p) };
  const out: OracleQuery = {};
  for (const [k, v] of Object.entries(q) as [keyof OracleQuery, string | undefined][]) if (v !== undefined) out[k] = fillTemplate(v, p);
  return out;
}

function onScreen(ui: OracleUi): string {
  const keys = ui.tree.filter((n) => n.key).map((n) => n.key).slice(0, 40).join(', ');
  return `route ${ui.route.app}${ui.route.path}; keys on screen: ${keys || 'none'}`;
}

/**
 * Brings the element into view when it is not (another seed may put the record further down a
 * list): the oracle API's scrollTo, within the list it was in when recorded if that is on screen.
 */
async function reach(ui: OracleUi, q: OracleQuery, within: string | undefined): Promise<void> {
  const found = ui.find(q);
  const list = within && ui.find({ key: within }) ? { within: { key: within } } : {};
  try {
    await ui.scrollTo(q, list);
  } catch (e) {
    if (found) throw e;
    throw new DemoError(`nothing on screen matches ${JSON.stringify(q)}, and scrolling did not bring it into view (${onScreen(ui)})`);
  }
}

async function runStep(ui: OracleUi, step: DemoStep, p: Record<string, unknown>): Promise<void> {
  const within = 'within' in step && step.within ? fillTemplate(step.within, p) : undefined;
  if ('tap' in step || 'longPress' in step) {
    const q = fillQuery('tap' in step ? step.tap : step.longPress, p);
    await reach(ui, q, within);
    await ('tap' in step ? ui.tap(q) : ui.longPress(q));
  } else if ('type' in step) {
    const q = fillQuery(step.into, p);
    await reach(ui, q, within);
    await ui.type(q, fillTemplate(step.type, p), { clear: true });
  } else if ('scrollTo' in step) {
    await reach(ui, fillQuery(step.scrollTo, p), within);
  } else if ('key' in step) {
    await (step.key === 'back' ? ui.back() : step.key === 'home' ? ui.home() : ui.pressEnter());
  } else {
    await ui.openApp(fillTemplate(step.openApp, p));
  }
}

/** The demonstration as a task's oracle; a failing step says which one it was. */
export function demoOracle(demo: DemoFile, file: string): TaskDefinition['oracle'] {
  return async (ui, p) => {
    for (const [i, step] of demo.steps.entries()) {
      try {
        await runStep(ui, step, p);
      } catch (e) {
        const err = e as Error;
        if (err.name === 'EpisodeOver' || err.message === 'the episode is over') throw e;
        throw new DemoError(`${file} step ${i + 1} (${stepLine(step)}): ${err.message}`, { details: { step: i + 1 } });
      }
    }
  };
}
