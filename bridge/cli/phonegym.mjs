#!/usr/bin/env node
// Launcher: registers tsx so the CLI, the tasks and the apps' pure modules run as TypeScript.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
