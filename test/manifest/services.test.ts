/**
 * Command services for real: a tiny node HTTP server started in its manifest's folder with only
 * the forwarded variables, probed until ready, and stopped; one that crashes or never gets healthy
 * fails with its name, its probe and its last output.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServiceSpec } from '../../bridge/manifest/manifest.ts';
import { ServiceNotReadyError, startCommandServices } from '../../bridge/manifest/services.ts';

const SCRIPT = join(import.meta.dirname, '../helpers/tinyService.mjs');

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect({ host: '127.0.0.1', port });
    c.once('connect', () => (c.destroy(), resolve(false)));
    c.once('error', () => resolve(true));
  });

async function service(mode: string, probe: 'http' | 'tcp' = 'http', timeoutS = 10): Promise<{ spec: ServiceSpec; dir: string; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'phonegym-service-'));
  copyFileSync(SCRIPT, join(dir, 'notes.mjs'));
  const port = await freePort();
  const ready = probe === 'http' ? { probe, host: '127.0.0.1', port, path: '/health', status: 200, timeoutS } : { probe, host: '127.0.0.1', port, timeoutS };
  return { spec: { name: 'notes', kind: 'command', command: [process.execPath, 'notes.mjs', String(port), mode], ready, file: join(dir, 'phonegym.toml') } as ServiceSpec, dir, port };
}

describe('command services', () => {
  it('starts in its folder, is probed ready, sees only forwarded variables (and PATH), and is stopped', async () => {
    const { spec, dir, port } = await service('ok');
    process.env.NOTES_TOKEN = 'forwarded-value';
    process.env.NOT_FORWARDED = 'kept-back';
    const lines: string[] = [];
    const running = await startCommandServices([spec], { forwardEnv: ['NOTES_TOKEN'], log: (l) => lines.push(l) });
    try {
      expect(running.names).toEqual(['notes']);
      expect(lines).toEqual([`service notes: ready (GET http://127.0.0.1:${port}/health answers 200 within 10 s)`]);
      const seen = await (await fetch(`http://127.0.0.1:${port}/env`)).json();
      expect(seen).toEqual({ NOTES_TOKEN: true, NOT_FORWARDED: false, PATH: true });
      // It ran in its manifest's folder, and the probe is what made it ready.
      expect(readFileSync(join(dir, 'requests.log'), 'utf8')).toMatch(/^GET \/health\n/);
    } finally {
      await running.stop();
      delete process.env.NOTES_TOKEN;
      delete process.env.NOT_FORWARDED;
    }
    expect(await refused(port)).toBe(true);
  });

  it('a tcp probe: ready when the port accepts', async () => {
    const { spec, port } = await service('ok', 'tcp');
    const running = await startCommandServices([spec], { forwardEnv: [] });
    expect(await refused(port)).toBe(false);
    await running.stop();
    expect(await refused(port)).toBe(true);
  });

  it('one that exits before it is ready: its name, its exit and its output', async () => {
    const { spec } = await service('crash');
    const err = await startCommandServices([spec], { forwardEnv: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceNotReadyError);
    expect((err as Error).message).toMatch(/^service "notes" \(.*notes\.mjs \d+ crash, from .*phonegym\.toml\) exited with code 3 before it was ready \(probe: GET http:\/\/127\.0\.0\.1:\d+\/health answers 200 within 10 s\); its last output:\n {4}tinyService: cannot open its database \(a crash on purpose\)$/);
  });

  it('one never healthy within its timeout: what the probe last saw; the services already up are stopped', async () => {
    const first = await service('ok');
    // 3 s, not less: a loaded CI host once took over 0.5 s to start node at all (ECONNREFUSED, not 503).
    const second = await service('unhealthy', 'http', 3);
    (second.spec as { name: string }).name = 'search';
    const err = await startCommandServices([first.spec, second.spec], { forwardEnv: [] }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^service "search" .* was not ready in 3 s \(probe: GET http:\/\/127\.0\.0\.1:\d+\/health answers 200 within 3 s; last attempt: answered 503\); raise ready\.timeout_s in the manifest if it needs longer; its last output:\n {4}tinyService: listening on \d+$/);
    expect(await refused(first.port)).toBe(true);
    expect(await refused(second.port)).toBe(true);
    expect(existsSync(join(second.dir, 'requests.log'))).toBe(true);
  });
});
