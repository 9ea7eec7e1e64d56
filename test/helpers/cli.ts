/** The real `phonegym` command, spawned as a user would run it (CLI tests). */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);
export const CLI = join(import.meta.dirname, '../../bridge/cli/phonegym.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `phonegym ...args` to its end; never throws (a failing exit is a result like any other). */
export async function phonegym(args: string[], opts: { timeout?: number; env?: Record<string, string> } = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: opts.timeout ?? 60_000, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', ...opts.env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

/** Every line of a JSONL file, each whole: parsing fails on an interleaved or cut line. */
export function readJsonlLines(file: string): Record<string, unknown>[] {
  const text = readFileSync(file, 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** A refusal as the rules want it: exit 2, one clear sentence, no stack trace. */
export function expectRefusal(r: CliResult, ...phrases: (string | RegExp)[]): void {
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(2);
  expect(r.stderr).not.toMatch(/\n\s+at \S+ \(|\n\s+at file:/);
  for (const p of phrases) expect(r.stderr).toMatch(typeof p === 'string' ? new RegExp(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : p);
}
