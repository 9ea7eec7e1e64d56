/** Built-in agents by name (`--agent NAME`). Add one with a file exporting an AgentFactory and a line here. */
import { UsageError } from '../protocol/errors.ts';
import { didYouMean } from '../protocol/suggest.ts';
import { noopAgent } from './noop.ts';
import { oracleAgent } from './oracle.ts';
import { openaiAgent } from './openai.ts';
import { randomAgent } from './random.ts';
import { remoteAgent } from './remote.ts';
import { replayAgent } from './replay.ts';
import type { Agent, AgentFactory, AgentFactoryOptions } from './types.ts';

export const AGENTS: readonly AgentFactory[] = [oracleAgent, noopAgent, randomAgent, replayAgent, openaiAgent, remoteAgent];

export function agentNames(): string[] {
  return AGENTS.map((a) => a.name);
}

export function findAgent(name: string): AgentFactory {
  const f = AGENTS.find((a) => a.name === name);
  if (!f) throw new UsageError(`unknown agent "${name}"${didYouMean(name, agentNames())}. Agents: ${agentNames().join(', ')}`);
  return f;
}

export function createAgent(name: string, opts: AgentFactoryOptions = {}): Agent {
  return findAgent(name).create(opts);
}
