/**
 * Memory per extra environment: PSS (proportional set size, so shared pages are split rather
 * than counted once per process) of the browser's whole process tree, found by the browser's own
 * process ids, never by process name: other browsers on the machine must not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright';
import { launchChromium } from '../env/browser.ts';
import { EnvPool } from '../env/envPool.ts';
import type { SimulatorEnv } from '../env/simulatorEnv.ts';
import type { BridgeServer } from '../server/bridgeServer.ts';
import { openFloorPages } from './floorPages.ts';
import { envSteps, p50, showChat } from './steps.ts';

/** Parent pid of `pid` from /proc/<pid>/stat (the field after the parenthesised name), or null. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Every live descendant of `root`, by parent pid (this kernel has no /proc/<pid>/task/<tid>/children). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const ppid = parentOf(pid);
    if (ppid !== null) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const todo = [root];
  while (todo.length) {
    for (const c of children.get(todo.pop()!) ?? []) {
      out.push(c);
      todo.push(c);
    }
  }
  return out;
}

/**
 * The browser's process ids: what Chromium itself reports (SystemInfo.getProcessInfo: browser,
 * renderers, GPU, network and storage services), plus every descendant of its browser process
 * (the zygotes it does not list). When the browser process is not listed, it is found by walking
 * up from a listed process to the one whose parent is this Node process, which launched it.
 */
export async function browserProcessIds(browser: Browser): Promise<{ pids: number[]; listed: { type: string; id: number }[] }> {
  const s = await browser.newBrowserCDPSession();
  const { processInfo } = (await s.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await s.detach();
  let root = processInfo.find((p) => p.type === 'browser')?.id ?? null;
  if (root === null) {
    for (let pid: number | null = processInfo[0]?.id ?? null; pid !== null && pid > 1; pid = parentOf(pid)) {
      if (parentOf(pid) === process.pid) {
        root = pid;
        break;
      }
    }
  }
  const pids = new Set(processInfo.map((p) => p.id));
  if (root !== null) for (const pid of [root, ...descendants(root)]) pids.add(pid);
  return { pids: [...pids].sort((a, b) => a - b), listed: processInfo.map((p) => ({ type: p.type, id: p.id })) };
}

/** `Pss:` of /proc/<pid>/smaps_rollup in kB (0 for a process that is gone). */
export function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Total PSS of the browser's process tree in MB: the median of three samples 300 ms apart. */
export async function browserPssMb(browser: Browser): Promise<{ mb: number; processes: number }> {
  const samples: number[] = [];
  let processes = 0;
  for (let i = 0; i < 3; i++) {
    if (i) await new Promise((r) => setTimeout(r, 300));
    const { pids } = await browserProcessIds(browser);
    processes = pids.length;
    samples.push(pids.reduce((a, pid) => a + pssKb(pid), 0) / 1024);
  }
  return { mb: p50(samples), processes };
}

export interface MemoryFigures {
  envs: number;
  pss1Mb: number;
  pssNMb: number;
  perExtraEnvMb: number;
  processes1: number;
  processesN: number;
  /** The same with raw phone pages in one context of a fresh browser (no EnvPool): the floor. */
  floor1Mb: number;
  floorNMb: number;
  floorPerExtraPageMb: number;
}

interface Phones {
  envs: SimulatorEnv[];
  browser: Browser;
  close(): Promise<void>;
}

/**
 * PSS once every phone did the same work (the chat state, 12 real steps, back on the chat list)
 * and the browser rested a second.
 */
async function pssAfterWork(phones: Phones, stateJson: string): Promise<{ mb: number; processes: number }> {
  try {
    await Promise.all(
      phones.envs.map(async (e) => {
        await showChat(e, stateJson);
        await envSteps(e, 12);
        await showChat(e, stateJson);
      }),
    );
    await new Promise((r) => setTimeout(r, 1000));
    return await browserPssMb(phones.browser);
  } finally {
    await phones.close();
  }
}

/** A fresh EnvPool of `size` (its own Chromium, pages isolation): what `phonegym run --parallel N` gets. */
async function poolPhones(bridge: BridgeServer, size: number, prefix: string): Promise<Phones> {
  const pool = await EnvPool.open({ bridge, size, shardPrefix: prefix });
  return { envs: pool.envs, browser: pool.browsers()[0]!, close: () => pool.close() };
}

/** The floor: a fresh Chromium with `size` raw phone pages in one context. */
async function rawPhones(bridge: BridgeServer, size: number, prefix: string): Promise<Phones> {
  const browser = await launchChromium();
  try {
    const pages = await openFloorPages(browser, bridge, size, prefix);
    return { envs: pages.envs, browser, close: () => browser.close() };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/**
 * PSS with 1 env and with `n` envs, each a fresh pool whose every page did the same work:
 * (PSS_n − PSS_1) / (n − 1) is what one more env costs. The same for raw pages in one context
 * is the floor (FACTS.md: +16 MB per extra page in one context, +60 MB per extra context).
 */
export async function memoryPerExtraEnv(bridge: BridgeServer, n: number, stateJson: string): Promise<MemoryFigures> {
  const one = await pssAfterWork(await poolPhones(bridge, 1, 'mem1'), stateJson);
  const many = await pssAfterWork(await poolPhones(bridge, n, `mem${n}`), stateJson);
  const raw1 = await pssAfterWork(await rawPhones(bridge, 1, 'raw1'), stateJson);
  const rawN = await pssAfterWork(await rawPhones(bridge, n, `raw${n}`), stateJson);
  return {
    envs: n,
    pss1Mb: one.mb,
    pssNMb: many.mb,
    perExtraEnvMb: (many.mb - one.mb) / (n - 1),
    processes1: one.processes,
    processesN: many.processes,
    floor1Mb: raw1.mb,
    floorNMb: rawN.mb,
    floorPerExtraPageMb: (rawN.mb - raw1.mb) / (n - 1),
  };
}
