/** The run viewer's data without a browser: the data folder, outcomes, filters, replay frames. */
import { describe, expect, it } from 'vitest';
import type { TrajectoryDoc, TrajectoryStep } from '../../bridge/protocol/trajectory.ts';
import { actionMark, dataBase, episodeFile, facetsOf, filterRows, NO_FILTER, outcomeOf, replayFrames, RowsFeed } from '../../web/viewer/runData.ts';
import { resultRow } from '../runner/rows.ts';

describe('the run viewer’s data', () => {
  it('reads only folders of its own site', () => {
    expect(dataBase('')).toBe('data/');
    expect(dataBase('?run=runs/abc')).toBe('runs/abc/');
    for (const bad of ['?run=https://evil.example/', '?run=/etc/', '?run=../up', '?run=a/../../b', '?run=javascript:alert(1)', '?run=a\\b']) expect(() => dataBase(bad), bad).toThrow(/not a folder of this site/);
    expect(episodeFile('data/', { trajectory: 'trajectory/chat_PinChat' }, 'step_001.jpg')).toBe('data/trajectory/chat_PinChat/step_001.jpg');
    expect(episodeFile('data/', { trajectory: 'trajectory/../../etc' }, 'trajectory.json')).toBeNull();
    expect(episodeFile('data/', { trajectory: 'trajectory/x' }, '../meta.json')).toBeNull();
  });

  it('names outcomes as the studio does and filters on every facet', () => {
    const rows = [
      resultRow({ task_id: 'chat.A' }),
      resultRow({ task_id: 'wallet.B', suite: 'wallet', apps: ['wallet', 'chat'], success: false, goal_success: true, clean: false, difficulty: 'L3' }),
      resultRow({ task_id: 'chat.C', success: false, goal_success: false }),
      resultRow({ task_id: 'chat.D', status: 'run_error', error_code: 'page_crashed', success: false }),
    ];
    expect(rows.map(outcomeOf)).toEqual(['passed', 'unclean', 'failed', 'error']);
    const f = facetsOf(rows);
    expect(f).toMatchObject({ suites: ['chat', 'wallet'], apps: ['chat', 'wallet'], difficulties: ['L1', 'L3'], errorCodes: ['page_crashed'], outcomes: { passed: 1, failed: 1, unclean: 1, error: 1 } });
    expect(filterRows(rows, NO_FILTER)).toEqual([0, 1, 2, 3]);
    expect(filterRows(rows, { ...NO_FILTER, app: 'chat' })).toEqual([0, 1, 2, 3]);
    expect(filterRows(rows, { ...NO_FILTER, suite: 'wallet' })).toEqual([1]);
    expect(filterRows(rows, { ...NO_FILTER, outcome: 'error' })).toEqual([3]);
    expect(filterRows(rows, { ...NO_FILTER, errorCode: 'page_crashed' })).toEqual([3]);
    expect(filterRows(rows, { ...NO_FILTER, difficulty: 'L3', text: 'WALLET' })).toEqual([1]);
  });

  it('draws each step’s action on the screen it was taken on, and ends on the last screen', () => {
    const step = (index: number, action: TrajectoryStep['action'], screenshot: string | null): TrajectoryStep => ({ index, action, css_action: action, text: '', route: null, revision: null, screenshot, t_ms: 0 });
    const doc = { initial_screenshot: 'step_000.jpg', steps: [step(1, { type: 'tap', x: 1, y: 2 }, 'step_001.jpg'), step(2, { type: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4 }, 'step_002.jpg'), step(3, { type: 'complete' }, null)] } as unknown as TrajectoryDoc;
    const frames = replayFrames(doc);
    expect(frames.map((f) => [f.image, f.step?.index ?? null])).toEqual([['step_000.jpg', 1], ['step_001.jpg', 2], ['step_002.jpg', 3], ['step_002.jpg', null]]);
    expect(actionMark({ type: 'tap', x: 1, y: 2 })).toEqual({ kind: 'point', x: 1, y: 2, label: 'tap' });
    expect(actionMark({ type: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4 })).toMatchObject({ kind: 'path', x2: 3 });
    expect(actionMark({ type: 'type', text: '你好' })).toEqual({ kind: 'text', text: '你好', x: null, y: null });
    expect(actionMark({ type: 'complete' })).toEqual({ kind: 'note', label: 'says it is done' });
  });
});

describe('the rows feed', () => {
  it('hands the batches read before the viewer listened over first, then each as it comes, and the end once', () => {
    const feed = new RowsFeed();
    const a = [resultRow({ task_id: 'chat.PinChat' })];
    const b = [resultRow({ task_id: 'wallet.Pay' })];
    const c = [resultRow({ task_id: 'notes.LikeNote' })];
    feed.push(a, false);
    feed.push(b, false);
    const got: [string[], boolean][] = [];
    const errors: string[] = [];
    feed.follow((rows, done) => got.push([rows.map((r) => r.task_id), done]), (m) => errors.push(m));
    expect(got).toEqual([[['chat.PinChat'], false], [['wallet.Pay'], false]]);
    feed.push(c, true);
    expect(got.at(-1)).toEqual([['notes.LikeNote'], true]);
    expect(errors).toEqual([]);
  });

  it('says a batch read before it was followed was the last, and keeps an error for the listener', () => {
    const feed = new RowsFeed();
    feed.push([resultRow({})], true);
    feed.fail('rows.jsonl:7: not a JSON line');
    const got: boolean[] = [];
    const errors: string[] = [];
    feed.follow((_, done) => got.push(done), (m) => errors.push(m));
    expect(got).toEqual([true]);
    expect(errors).toEqual(['rows.jsonl:7: not a JSON line']);
  });
});
