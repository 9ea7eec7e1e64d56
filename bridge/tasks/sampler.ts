/**
 * Parameter sampling (spec section 4). Precedence per parameter:
 *   sampler > fields + source > source > type > default
 * `sampler` and `fields + source` are terminal (only `default` may stand in when they yield
 * nothing); plain `source` falls back to the type, then to `default`.
 */
import type { PhoneState } from '../protocol/state.ts';
import { PhonegymError, UsageError } from '../protocol/errors.ts';
import RandExp from 'randexp';
import { projectPath } from '../judge/paths.ts';
import type { ParamSpec, Rng, TaskDefinition } from './api.ts';

/** `apps.chat.contacts[name]` (the spec's shorthand) → `apps.chat.contacts[*].name`. */
export function normalizeSource(source: string): string {
  const m = /^(.*)\[([A-Za-z_][A-Za-z0-9_]*)\]$/.exec(source);
  if (m && !/^[a-z]_/.test(m[2])) return `${m[1]}[*].${m[2]}`;
  return source;
}

function sourceCandidates(state: PhoneState, spec: ParamSpec): unknown[] {
  const values = projectPath(state, normalizeSource(spec.source!));
  const flat = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  const list = flat.filter((v) => v !== undefined && v !== null && v !== '');
  return spec.where ? list.filter((v) => spec.where!(v, state)) : list;
}

function byType(name: string, spec: ParamSpec, rng: Rng): unknown {
  switch (spec.type) {
    case 'enum':
      if (!spec.values?.length) throw new UsageError(`parameter "${name}": an enum needs a non-empty \`values\` list`);
      return rng.pick(spec.values);
    case 'int': {
      const min = spec.min ?? 0;
      const max = spec.max ?? 100;
      return rng.int(Math.ceil(min), Math.floor(max));
    }
    case 'float': {
      const min = spec.min ?? 0;
      const max = spec.max ?? 1;
      return Math.round((min + rng.next() * (max - min)) * 100) / 100;
    }
    case 'bool':
      return rng.chance(0.5);
    case 'string':
      return spec.pattern !== undefined ? stringFromPattern(name, spec.pattern, rng) : spec.default;
    case undefined:
      return undefined;
  }
}

/** A random string matching `pattern`, drawn from the task's seeded rng (never Math.random). */
export function stringFromPattern(name: string, pattern: string, rng: Rng): string {
  try {
    new RegExp(pattern);
  } catch (e) {
    throw new UsageError(`parameter "${name}": pattern ${JSON.stringify(pattern)} is not a valid regular expression (${(e as Error).message})`);
  }
  // randexp's parser reads no \uXXXX escapes and draws only from printable ASCII: give it the
  // characters themselves, and let it draw CJK as well (task texts are Chinese).
  const literal = pattern.replace(/(?<!\\)\\u\{?([0-9a-fA-F]{4,5})\}?/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
  const gen = new RandExp(literal);
  gen.defaultRange.add(0x3000, 0x303f); // CJK punctuation
  gen.defaultRange.add(0x4e00, 0x9fff); // CJK unified ideographs
  gen.defaultRange.add(0xff00, 0xffef); // full-width forms
  gen.max = 8; // `*` and `+` repeat at most 8 times
  gen.randInt = (a: number, b: number) => rng.int(a, b);
  return gen.gen();
}

/**
 * A template could not draw its parameters for a seed (a sampler that picked nothing, a source
 * with no records): a bug in the task, named with the task, the seed and the parameter, never a
 * goal that reads "undefined".
 */
export class SamplingError extends PhonegymError {
  override name = 'SamplingError';
  constructor(message: string) {
    super(message, { code: 'sampling_error' });
  }
}

/** Who is sampling: named in a sampling error. */
export interface SamplingSite {
  taskId: string;
  seed: number;
}

export function sampleParams(def: TaskDefinition<any>, state: PhoneState, rng: Rng, site?: SamplingSite): Record<string, unknown> {
  const params: Record<string, unknown> = defaultParams(def);
  const where = site ? `${site.taskId} (seed ${site.seed}): ` : '';
  const none = (name: string, what: string) =>
    new SamplingError(`${where}parameter "${name}": ${what}, and it has no default. Make the task's prepare() stock what the sampler draws from, or let it fall back to another record`);
  for (const [name, spec] of Object.entries(def.params ?? {})) {
    let value: unknown;
    if (spec.sampler !== undefined) {
      const fn = typeof spec.sampler === 'string' ? def.samplers?.[spec.sampler] : spec.sampler;
      if (typeof fn !== 'function') throw new UsageError(`parameter "${name}": sampler "${String(spec.sampler)}" is not defined in \`samplers\``);
      value = fn(state, rng);
      const sampler = typeof spec.sampler === 'string' ? `sampler "${spec.sampler}"` : 'its sampler';
      if (spec.fields) {
        if (value && typeof value === 'object') {
          spreadFields(params, spec.fields, value as Record<string, unknown>);
          continue;
        }
        if (spec.default === undefined) throw none(name, `${sampler} returned ${value === undefined ? 'undefined' : JSON.stringify(value)} where a record to spread into ${Object.keys(spec.fields).join(', ')} was needed`);
      } else if ((value === undefined || value === null) && spec.default === undefined) throw none(name, `${sampler} returned ${String(value)}`);
    } else if (spec.fields && spec.source) {
      const records = sourceCandidates(state, spec).filter((r) => typeof r === 'object');
      if (records.length) {
        spreadFields(params, spec.fields, rng.pick(records) as Record<string, unknown>);
        continue;
      }
      if (spec.default === undefined) throw none(name, `no record at ${spec.source}${spec.where ? ' passes its `where`' : ''}`);
    } else if (spec.source) {
      const candidates = sourceCandidates(state, spec);
      value = candidates.length ? rng.pick(candidates) : byType(name, spec, rng);
    } else {
      value = byType(name, spec, rng);
    }
    if (value === undefined || value === null) value = spec.default;
    if (!name.startsWith('_') || value !== undefined) params[name] = value;
  }
  return params;
}

function spreadFields(params: Record<string, unknown>, fields: Record<string, string>, record: Record<string, unknown>): void {
  for (const [param, field] of Object.entries(fields)) params[param] = record[field];
}

export function defaultParams(def: TaskDefinition<any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(def.params ?? {})) if (spec.default !== undefined) out[name] = spec.default;
  return out;
}

/** Spec section 3 `_max_instances`: sample_max ceiling; no params → 1; enum-only → product; else N. */
export function instanceCount(def: TaskDefinition<any>, sampleN: number): number {
  const specs = Object.values(def.params ?? {});
  let n: number;
  if (specs.length === 0) n = 1;
  else if (specs.every((s) => s.type === 'enum' && !s.sampler && !s.source)) {
    n = Math.min(sampleN, specs.reduce((acc, s) => acc * (s.values?.length ?? 1), 1));
  } else n = sampleN;
  if (def.sampleMax !== undefined) n = Math.min(n, def.sampleMax);
  return Math.max(1, n);
}
