import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ENV, findChromium } from '../../bridge/env/browser.ts';
import { UsageError } from '../../bridge/protocol/errors.ts';

const fakeExe = () => {
  const f = join(mkdtempSync(join(tmpdir(), 'chromium-')), 'chrome');
  writeFileSync(f, '');
  return f;
};

describe('finding a Chromium', () => {
  it('takes the environment override first', () => {
    const exe = fakeExe();
    expect(findChromium({ [CHROMIUM_ENV]: exe }, [fakeExe()], fakeExe)).toEqual({ path: exe, source: 'env' });
  });

  it('refuses an override that points nowhere, saying what to do', () => {
    expect(() => findChromium({ [CHROMIUM_ENV]: '/nope/chrome' }, [], () => '')).toThrow(UsageError);
    expect(() => findChromium({ [CHROMIUM_ENV]: '/nope/chrome' }, [], () => '')).toThrow(/no file exists there/);
  });

  it('then a system browser, then Playwright’s own, else nothing', () => {
    const system = fakeExe();
    const bundled = fakeExe();
    expect(findChromium({}, ['/missing/a', system], () => bundled)).toEqual({ path: system, source: 'system' });
    expect(findChromium({}, ['/missing/a'], () => bundled)).toEqual({ path: bundled, source: 'playwright' });
    expect(findChromium({}, ['/missing/a'], () => '/missing/b')).toBeNull();
    expect(findChromium({}, [], () => { throw new Error('not installed'); })).toBeNull();
  });
});
