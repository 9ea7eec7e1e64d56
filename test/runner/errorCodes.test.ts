import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, RETRIED_CODES } from '../../bridge/runner/errorCodes.ts';

describe('the documented error codes', () => {
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const table = new Map([...doc.matchAll(/^\| `([a-z_]+)` \| ([a-z_]+) \| (yes|no) \| (.+) \|$/gm)].map((m) => [m[1]!, { status: m[2], retried: m[3] === 'yes', meaning: m[4] }]));

  it('docs/errors.md lists exactly the codes of errorCodes.ts, with the same status, retry and meaning', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const [code, info] of Object.entries(ERROR_CODES)) expect(table.get(code), code).toEqual({ status: info.status, retried: info.retried, meaning: info.meaning });
  });

  it('retries only infrastructure run errors', () => {
    for (const code of RETRIED_CODES) expect(ERROR_CODES[code]!.status).toBe('run_error');
    expect(RETRIED_CODES.has('agent_error')).toBe(false);
    expect(RETRIED_CODES.has('model_auth')).toBe(false);
    expect(RETRIED_CODES.has('page_crashed')).toBe(true);
  });
});
