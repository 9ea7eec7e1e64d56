/**
 * The studio's step log: one line per step, and in a session each later goal marked before the
 * step it began at (or after the last step while its first action is awaited).
 */
import { describe, expect, it } from 'vitest';
import type { StepInfo } from '../../bridge/protocol/messages.ts';
import StepLog from '../../web/studio/StepLog.svelte';
import { useMounted } from './mounted.ts';

const step = (index: number): StepInfo => ({ episodeId: 'ep1', deviceId: 'p1', index, action: `tap(${index}, ${index})`, route: { app: 'chat', path: '/chats' }, revision: index });
const lines = (root: HTMLElement) => [...root.querySelectorAll('li')].map((li) => (li.classList.contains('goal') ? `goal ${li.dataset.goal}: ${li.textContent!.replace(/\s+/g, ' ').trim()}` : li.querySelector('.action')?.textContent ?? li.textContent!.trim()));

describe('StepLog', () => {
  const render = useMounted();

  it("marks a session's later goals where they began", () => {
    const session = { episodes: 3, goals: [{ goal: '记下取件码', firstStep: 1 }, { goal: '把取件码发给妈妈', firstStep: 3 }, { goal: '删除那条短信', firstStep: 5 }] };
    const root = render(StepLog, { steps: [1, 2, 3, 4].map(step), maxSteps: 30, session });
    expect(lines(root)).toEqual([
      'tap(1, 1)',
      'tap(2, 2)',
      'goal 2: ▸ Goal 2 of 3 on the same phone: 把取件码发给妈妈',
      'tap(3, 3)',
      'tap(4, 4)',
      // Given, its first action not yet taken.
      'goal 3: ▸ Goal 3 of 3 on the same phone: 删除那条短信',
    ]);
  });

  it('marks a goal given among the steps a late studio did not see, after that gap', () => {
    const session = { episodes: 2, goals: [{ goal: '记下取件码', firstStep: 1 }, { goal: '把取件码发给妈妈', firstStep: 8 }] };
    const root = render(StepLog, { steps: [10, 11].map(step), maxSteps: 60, missing: 9, session });
    expect(lines(root)).toEqual(['9 earlier steps not seen by this studio', 'goal 2: ▸ Goal 2 of 2 on the same phone: 把取件码发给妈妈', 'tap(10, 10)', 'tap(11, 11)']);
  });

  it('marks nothing for a task that is not a session', () => {
    const root = render(StepLog, { steps: [1, 2].map(step), maxSteps: 30 });
    expect(root.querySelectorAll('li.goal')).toHaveLength(0);
    expect(lines(root)).toEqual(['tap(1, 1)', 'tap(2, 2)']);
  });
});
