import { ensureWebBuild } from '../../bridge/build/webBuild.ts';

/** Build the phone and studio once, before any worker starts. */
export default async function globalSetup(): Promise<void> {
  await ensureWebBuild({ log: (s) => console.log(s) });
}
