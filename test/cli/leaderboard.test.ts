/**
 * `phonegym leaderboard build|check|serve` as a submitter and a maintainer use them, on a real
 * run folder: an honest run is accepted, a copy with a forged verdict is refused with the row and
 * the reason (exit 1), a build names the folders it could not read and builds the rest, the
 * preview server serves the site read-only, and bad input exits 2 with what to do.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../bridge/build/webBuild.ts';
import { CLI, expectRefusal, phonegym } from '../helpers/cli.ts';
import { reproduceCommand } from '../../bridge/cli/runFlags.ts';
import { RejudgeQueue, rejudgeRun } from '../../bridge/leaderboard/rejudge.ts';
import { buildSite } from '../../bridge/leaderboard/site.ts';
import { configOfRun, readRunFolder } from '../../bridge/runner/runFolder.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';

const root = mkdtempSync(join(tmpdir(), 'phonegym-lbcli-'));
const honest = join(root, 'honest');
const forged = join(root, 'forged');

beforeAll(async () => {
  await ensureWebBuild();
  const r = await phonegym(['run', '--task-ids', 'chat.PinChat,wallet.ReadBalance', '--sample-seed', '3', '--run-dir', honest, '--reporter', 'dot'], { timeout: 240_000 });
  expect(r.code, r.stderr).toBe(0);
  // The copy says the oracle failed an episode it passed.
  cpSync(honest, forged, { recursive: true });
  const file = join(forged, 'results.jsonl');
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  rows[1] = { ...rows[1], passed: false, success: false };
  writeFileSync(file, rows.map((x) => JSON.stringify(x)).join('\n') + '\n');
});

describe('phonegym leaderboard check', () => {
  it('accepts a run whose every row re-judges to the same verdict', async () => {
    const r = await phonegym(['leaderboard', 'check', honest]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('verified: 2 of 2 rows re-judged to the same verdict');
  });

  it('refuses a forged verdict with the row and the reason, exit 1', async () => {
    const r = await phonegym(['leaderboard', 'check', forged]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^mismatch wallet\.ReadBalance#0#0: passed: true here, false in the row; success: true here, false in the row$/m);
    expect(r.stdout).toContain('mismatch: 1 of 2 rows re-judged to the same verdict; 1 would be flagged');
  });

  it('refuses what is not a run folder, and bad usage, with exit 2', async () => {
    expectRefusal(await phonegym(['leaderboard', 'check', join(root, 'nowhere')]), 'is not a run folder');
    expectRefusal(await phonegym(['leaderboard', 'check']), 'leaderboard check takes one run folder');
    expectRefusal(await phonegym(['leaderboard', 'publish', honest]), 'the subcommands are build, check and serve');
  });
});

describe('re-judging over worker threads', () => {
  it('gives the verdicts the calling thread gives, in row order, whichever thread checked a row', async () => {
    const registry = await loadRegistry();
    const folders = [readRunFolder(honest), readRunFolder(forged)];
    // Only worker threads: the calling thread takes no share until it helps.
    const queue = new RejudgeQueue(folders, registry, { workers: 1, rowsPerWorker: 1 });
    const [h, f] = await queue.done;
    expect(queue.counts).toEqual({ workers: 2, here: 0 });
    expect([h, f]).toEqual(folders.map((x) => rejudgeRun(x, registry)));
    expect(f!.rows.map((c) => c.ok)).toEqual([true, false]);
    expect(f!.provenance).toBe('mismatch');
  });

  it('builds the same site, byte for byte, with no worker thread, one or two', async () => {
    const registry = await loadRegistry();
    const web = await ensureWebBuild();
    /** Every file of a site by its path, as the hash of its bytes. */
    const treeOf = (dir: string) =>
      Object.fromEntries(
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')])
          .sort(([a], [b]) => (a! < b! ? -1 : 1)),
      );
    const sites = [0, 1, 2].map(async (workers) => {
      const out = join(root, `site-w${workers}`);
      // A row a share, every one to a worker where there are workers: the rows of both runs spread over the threads.
      const site = await buildSite({ dirs: [honest, forged], out, registry, webDir: web.dir, reproduce: (e) => reproduceCommand(configOfRun(e.meta), e.meta.sample_seed), rejudge: { workers, rowsPerWorker: 1, shareRows: 1, callerJudges: false } });
      expect(site.rejudgedShares).toEqual(workers ? { workers: 4, here: 0 } : { workers: 0, here: 4 });
      return { checks: site.entries.map((e) => e.check), tree: treeOf(out) };
    });
    const [none, one, two] = await Promise.all(sites);
    expect(none!.checks.map((c) => c.provenance)).toEqual(['verified', 'mismatch']);
    expect(Object.keys(none!.tree)).toContain('runs/honest_2/report.html');
    expect(one).toEqual(none);
    expect(two).toEqual(none);
  });
});

describe('phonegym leaderboard build and serve', () => {
  it('builds what it can read, names what it refused, exit 1', async () => {
    const site = join(root, 'site');
    const r = await phonegym(['leaderboard', 'build', honest, forged, join(root, 'nowhere'), '--out', site], { timeout: 120_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`refused ${join(root, 'nowhere')}: .*is not a run folder`));
    expect(r.stdout).toMatch(/^verified honest: 2 episodes, SR 100\.0%$/m);
    expect(r.stdout).toMatch(/^mismatch honest_2: 2 episodes, SR 50\.0%, 1 row\(s\) judged otherwise$/m);
    expect(r.stdout).toMatch(/site: .* \(2 run\(s\) on 1 board\(s\), 1 refused\) in [\d.]+ s; look at it with phonegym leaderboard serve/);
    for (const f of ['index.html', 'viewer.html', 'assets/leaderboard.js', 'tasks/index.html', 'tasks/wallet.ReadBalance.html', 'runs/honest/report.html', 'runs/honest/rows.jsonl', 'runs/honest/meta.json']) expect(existsSync(join(site, f)), f).toBe(true);
    // A rebuild from the honest run alone replaces the site.
    const again = await phonegym(['leaderboard', 'build', honest, '--out', site], { timeout: 120_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(site, 'runs/honest_2'))).toBe(false);
  });

  it('refuses an --out that is missing or inside a run folder', async () => {
    expectRefusal(await phonegym(['leaderboard', 'build', honest]), 'leaderboard build needs --out SITE_DIR');
    expectRefusal(await phonegym(['leaderboard', 'build', honest, '--out', join(honest, 'site')]), 'lies inside the run folder');
    expectRefusal(await phonegym(['leaderboard', 'build', '--out', join(root, 'x')]), 'leaderboard build needs run folders');
    expectRefusal(await phonegym(['leaderboard', 'serve', root]), 'holds no index.html: build a site first');
  });

  it('serves the built site read-only on 127.0.0.1 until stopped', async () => {
    const child = spawn(process.execPath, [CLI, 'leaderboard', 'serve', join(root, 'site')], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /leaderboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const index = await fetch(url);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('phonegym leaderboard');
      expect((await fetch(`${url}tasks/`)).status).toBe(200);
      expect((await fetch(`${url}runs/honest/meta.json`)).status).toBe(200);
      expect((await fetch(`${url}..%2f..%2fetc%2fpasswd`)).status).toBe(404);
      expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(405);
    } finally {
      child.kill('SIGINT');
    }
  });
});
