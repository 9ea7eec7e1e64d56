/**
 * The phone's build is a production build whoever makes it: vitest sets NODE_ENV to "test", and
 * a build made inside a test run once compiled every component in Svelte's dev mode, which the
 * build's hash then kept for every later run and bench. Whichever test builds first in a fresh
 * clone builds under vitest, so this holds the fix to account.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';

describe('the web build', () => {
  it('compiles the phone without Svelte\'s dev-mode tracing, and leaves NODE_ENV as it was', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const build = await ensureWebBuild();
    expect(process.env.NODE_ENV).toBe('test');
    const scripts = readdirSync(join(build.dir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.some((f) => f.startsWith('phone-'))).toBe(true);
    // Svelte's dev mode tags every component it mounts with its name for its tracing.
    const devMode = scripts.filter((f) => readFileSync(join(build.dir, 'assets', f), 'utf8').includes('componentTag'));
    expect(devMode).toEqual([]);
  }, 300_000);
});
