/** `phonegym doctor` (what this machine has: Node, Chromium) and `phonegym build` (the web pages). */
import { findChromium, INSTALL_HINT } from '../env/browser.ts';
import { ensureWebBuild } from '../build/webBuild.ts';

export async function cmdDoctor(argv: string[]): Promise<number> {
  const quiet = argv.includes('--quiet');
  const say = (s: string) => console.log(`phonegym: ${s}`);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) say(`Node ${process.version} is too old; phonegym needs Node 20 or newer.`);
  let chromium;
  try {
    chromium = findChromium();
  } catch (e) {
    say((e as Error).message);
    return 0;
  }
  if (chromium) {
    if (!quiet) say(`Chromium: ${chromium.path} (${chromium.source})`);
  } else say(`no Chromium found. ${INSTALL_HINT}`);
  if (!quiet) say(`Node ${process.version}`);
  return 0;
}

export async function cmdBuild(): Promise<number> {
  const b = await ensureWebBuild({ force: true, log: (s) => console.log(s) });
  console.log(`built ${b.dir} (app build ${b.hash})`);
  return 0;
}

