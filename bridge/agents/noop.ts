import type { Agent, AgentFactory } from './types.ts';

/** Declares the task complete at once: proves that doing nothing cannot pass a task. */
export class NoopAgent implements Agent {
  readonly name = 'noop';
  readonly observes = { screenshot: false, tree: false };
  async act() {
    return { action: { type: 'complete' as const } };
  }
}

export const noopAgent: AgentFactory = {
  name: 'noop',
  description: 'completes immediately (doing nothing must fail every action task)',
  create: () => new NoopAgent(),
};
