#!/usr/bin/env node
// Launcher: registers tsx so the CLI, the tasks and the apps' pure modules run as TypeScript.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
process.exitCode = code;
// The work is done and the files are written: a handle some library left open (a failed browser
// connection, say) must not keep the command from exiting.
setTimeout(() => process.exit(code), 3000).unref();
