/** What sets a board apart from the main one, in words: every comparability key, and step budgets only where tasks are shared. */
import { describe, expect, it } from 'vitest';
import { differences, type Comparability } from '../../bridge/leaderboard/board.ts';
import { scriptJson } from '../../bridge/leaderboard/charts.ts';

const main: Comparability = { schema: 1, taskSet: 'aaaa', templates: 141, appBuild: 'b1', budgets: 'h1', maxSteps: { 'chat.PinChat': 15, 'wallet.Pay': 30 }, evalMode: 'grounded', observation: 'screenshot', judgeMode: 'auto' };

describe('board differences', () => {
  it('names nothing for the main board itself', () => {
    expect(differences(main, main)).toEqual([]);
  });

  it('names each key that differs', () => {
    const other: Comparability = { ...main, schema: 2, appBuild: 'b2', evalMode: 'text', observation: 'tree', judgeMode: 'vlm' };
    expect(differences(other, main)).toEqual(['different app build: b2 vs b1', 'eval mode text vs grounded', 'observation tree vs screenshot', 'judge vlm vs auto', 'run-folder schema 2 vs 1']);
  });

  it('says how task sets differ, and the same count of other files', () => {
    expect(differences({ ...main, taskSet: 'bbbb', templates: 43, budgets: 'h2', maxSteps: { 'chat.PinChat': 15 } }, main)).toEqual(['different task set: 43 vs 141 templates']);
    expect(differences({ ...main, taskSet: 'cccc' }, main)).toEqual(['different task set: 141 vs 141 templates (other task files)']);
  });

  it('names different step budgets only on a task both boards have', () => {
    expect(differences({ ...main, budgets: 'h3', maxSteps: { 'chat.PinChat': 20, 'wallet.Pay': 30 } }, main)).toEqual(['different step budgets (chat.PinChat: 20 vs 15)']);
    expect(differences({ ...main, taskSet: 'dddd', templates: 1, budgets: 'h4', maxSteps: { 'chat.PinChat': 9 } }, main)).toEqual(['different task set: 1 vs 141 templates', 'different step budgets (chat.PinChat: 9 vs 15)']);
  });
});

describe('chart data in a page', () => {
  it('cannot end its script element or open markup whatever the strings hold', () => {
    const text = scriptJson({ label: '</script><script>alert(1)</script>&\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ label: '</script><script>alert(1)</script>&\u2028' });
  });
});
