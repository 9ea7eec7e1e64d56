/**
 * A real verdict's paths in the studio's tree: the pure judge runs on a seeded state and a changed
 * copy (a chat pinned by id, another muted by mistake, a message sent), and every path it reports
 * (the goal's, the expected and the unexpected changes') resolves in the tree code to that very
 * record and leaf, and JsonTree reveals it expanded and selected.
 */
import { describe, expect, it } from 'vitest';
import { flushSync, tick } from 'svelte';
import type { Chat, ChatState } from '../../simulator-apps/chat/types.ts';
import type { JsonValue, PhoneState } from '../../bridge/protocol/state.ts';
import type { Verdict } from '../../bridge/protocol/messages.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { judge, type JudgeSpec } from '../../bridge/judge/judge.ts';
import { getPath } from '../../bridge/judge/paths.ts';
import { DEFAULT_EXPANSION, revealTrail, revealed, trailPath, visibleRows } from '../../web/studio/jsonTree.ts';
import { byData } from '../../web/studio/dom.ts';
import JsonTree from '../../web/studio/JsonTree.svelte';
import { useMounted } from './mounted.ts';

const chatsOf = (s: PhoneState) => (s.apps.chat as unknown as ChatState).chats;

/** The seeded state, and a copy where `target` is pinned, `stray` muted and a message sent. */
function episode() {
  const init = createInitialState(1);
  const final = JSON.parse(JSON.stringify(init)) as PhoneState;
  const chats = chatsOf(final);
  const target = chats.findLast((c) => !c.pinned)!;
  const stray = chats.find((c) => !c.muted && c !== target)!;
  target.pinned = true;
  target.messages.push({ id: 'm_sent', from: 'me', text: '好的', time: final.os.time.timestamp });
  stray.muted = true;
  // The record moves to the front: its position no longer says which chat it is, its id does.
  chats.splice(chats.indexOf(target), 1);
  chats.unshift(target);
  final.os.time.timestamp += 4000;
  return { init, final, target, stray };
}

/** PinChat's criterion, written as the task API writes a declarative one. */
function pinSpec(chatId: string): JudgeSpec {
  const path = `apps.chat.chats[id="${chatId}"].pinned`;
  return {
    checkGoals: ({ final }) => [{ name: path, path, passed: getPath(final, path) === true, expected: true, actual: getPath(final, path) }],
    expectedChanges: () => [`apps.chat.chats[id="${chatId}"].messages[*]`],
  };
}

function verdictFor(): { verdict: Verdict; final: PhoneState; target: Chat; stray: Chat } {
  const { init, final, target, stray } = episode();
  const route = { app: 'chat', path: '/' };
  const verdict = judge(pinSpec(target.id), { init, final, initRoute: route, route, answer: null, actions: [] });
  return { verdict, final, target, stray };
}

describe('a real verdict in the state tree', () => {
  it('the judge names the records by id', () => {
    const { verdict, target, stray } = verdictFor();
    expect(verdict).toMatchObject({ success: true, clean: false });
    expect(verdict.expectedChanges.map((c) => c.path)).toEqual([
      `apps.chat.chats[${target.id}].messages[m_sent]`,
      `apps.chat.chats[${target.id}].pinned`,
      'os.time.timestamp',
    ]);
    expect(verdict.unexpectedChanges.map((c) => c.path)).toEqual([`apps.chat.chats[${stray.id}].muted`]);
  });

  it('resolves the goal path to the record and leaf, with the positional trail to expand', () => {
    const { verdict, final, target } = verdictFor();
    const goalPath = verdict.goals[0]!.path!;
    expect(goalPath).toBe(`apps.chat.chats[id="${target.id}"].pinned`);
    const trail = revealTrail(final as unknown as JsonValue, goalPath)!;
    // The chat is first in its array now, whatever its id's number says.
    expect(trail.map((s) => s.position)).toEqual(['apps', 'chat', 'chats', 0, 'pinned']);
    expect(trail.at(-1)!.value).toBe(true);
    expect(trail.at(-2)!.value).toBe(target);
    expect((trail.at(-2)!.value as Chat).id).toBe(target.id);
    expect(trailPath(trail)).toBe(`apps.chat.chats[${target.id}].pinned`);

    // Revealing opens exactly the way down, and the leaf is a row with the verdict's value.
    const exp = revealed(DEFAULT_EXPANSION, trail);
    expect([...exp.overrides.keys()]).toEqual(['apps', 'apps.chat', 'apps.chat.chats', `apps.chat.chats[${target.id}]`]);
    const rows = visibleRows(final as unknown as JsonValue, exp);
    expect(rows.find((r) => r.path === `apps.chat.chats[${target.id}].pinned`)).toMatchObject({ kind: 'leaf', value: true });
  });

  it('resolves every expected and unexpected change path to the value the verdict reports', () => {
    const { verdict, final } = verdictFor();
    for (const change of [...verdict.expectedChanges, ...verdict.unexpectedChanges]) {
      const trail = revealTrail(final as unknown as JsonValue, change.path)!;
      expect(trailPath(trail), change.path).toBe(change.path);
      expect(trail.at(-1)!.value).toEqual(change.after);
    }
  });

  describe('JsonTree', () => {
    const mounted = useMounted();
    let target: HTMLElement;
    const row = (path: string) => target.querySelector<HTMLElement>(`[role="treeitem"]${byData('path', path)}`);

    it('reveals the goal and then an unexpected change: each record expanded, its leaf selected', async () => {
      const { verdict, final, target: chat, stray } = verdictFor();
      const props = $state({ value: final as unknown as JsonValue, reveal: { path: verdict.goals[0]!.path!, token: 1 } });
      target = mounted(JsonTree, props);
      await tick();

      const leaf = row(`apps.chat.chats[${chat.id}].pinned`)!;
      expect(leaf.getAttribute('aria-selected')).toBe('true');
      expect(leaf.querySelector('.val')!.textContent).toBe('true');
      expect(row(`apps.chat.chats[${chat.id}]`)!.getAttribute('aria-expanded')).toBe('true');
      expect(row('apps.chat.chats')!.getAttribute('aria-expanded')).toBe('true');

      props.reveal = { path: verdict.unexpectedChanges[0]!.path, token: 2 };
      flushSync();
      await tick();
      const muted = row(`apps.chat.chats[${stray.id}].muted`)!;
      expect(muted.getAttribute('aria-selected')).toBe('true');
      expect(muted.querySelector('.val')!.textContent).toBe('true');
      expect(row(`apps.chat.chats[${chat.id}].pinned`)?.getAttribute('aria-selected') ?? 'false').toBe('false');
    });

    it('reveals a record-level path (a message added whole) at that record, and a field of it', async () => {
      const { verdict, final, target: chat } = verdictFor();
      const added = verdict.expectedChanges.find((c) => c.kind === 'added')!;
      expect(added.path).toBe(`apps.chat.chats[${chat.id}].messages[m_sent]`);
      const props = $state({ value: final as unknown as JsonValue, reveal: { path: added.path, token: 1 } });
      target = mounted(JsonTree, props);
      await tick();
      const record = row(added.path)!;
      expect(record.getAttribute('aria-selected')).toBe('true');
      expect(row(`apps.chat.chats[${chat.id}].messages`)!.getAttribute('aria-expanded')).toBe('true');
      // The field a diff table names (its path is the record's path and the key).
      props.reveal = { path: `${added.path}.text`, token: 2 };
      flushSync();
      await tick();
      expect(row(`${added.path}.text`)!.getAttribute('aria-selected')).toBe('true');
      expect(row(`${added.path}.text`)!.querySelector('.val')!.textContent).toBe('"好的"');
    });
  });
});
