/**
 * A reset to slices the phone checked before parses each app's slice only when something first
 * reads it (simulator-apps/os/phone.svelte.ts `#unparsed`): the reads, the writes, the JSON and
 * reactivity are those of a phone that parsed everything, and a slice never checked is checked.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { sliceName, splitTree, type SlicedState } from '../../bridge/protocol/slices.ts';
import { HOME_ROUTE, type PhoneState } from '../../bridge/protocol/state.ts';
import { Phone } from '../../simulator-apps/os/phone.svelte.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import type { NotesState } from '../../simulator-apps/notes/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

/** A state as the bridge sends it: every slice's version, and (`carry`) the JSON of those the page lacks. */
function sliced(state: PhoneState, carry: boolean): SlicedState {
  const { layout, json } = splitTree(state as unknown as Record<string, unknown>);
  return { ...layout, json: carry ? json : {} };
}

/** A phone that has seen seeds 1 and 2 (so their slices are kept and checked), now at seed 1. */
function phoneWithKept(): { phone: Phone; kept: Map<string, string>; states: PhoneState[] } {
  const states = [createInitialState(1), createInitialState(2)];
  const phone = new Phone(createInitialState(3));
  const kept = new Map<string, string>();
  for (const state of [states[0]!, states[1]!, states[0]!]) {
    const s = sliced(state, true);
    expect(phone.replaceSliced(s, (v) => kept.get(v), HOME_ROUTE)).toEqual([]);
    for (const [name, j] of Object.entries(s.json)) kept.set(s.versions[name]!, j);
  }
  return { phone, kept, states };
}

const noteCount = (phone: Phone): number => (phone.app<NotesState>('notes')!.notes as unknown[]).length;

describe('app slices parsed when first read', () => {
  it('a reset to kept slices reads, serialises and snapshots as the whole state', () => {
    const { phone, kept, states } = phoneWithKept();
    const ok = phone.replaceSliced(sliced(states[1]!, false), (v) => kept.get(v), HOME_ROUTE);
    expect(ok).toEqual([]);
    // Serialising never needs a parse: the JSON is the slices', byte for byte.
    expect(phone.getStateJson()).toBe(JSON.stringify(states[1]));
    expect(phone.getStateSliced().versions).toEqual(sliced(states[1]!, false).versions);
    expect(phone.state.apps.notes).toEqual(states[1]!.apps.notes);
    expect(Object.keys(phone.state.apps)).toEqual(Object.keys(states[1]!.apps));
    expect(JSON.parse(phone.snapshot()).state).toEqual(JSON.parse(JSON.stringify(states[1])));
  });

  it('a slice read after a reset is reactive, and a write to one never read lands', () => {
    const { phone, kept, states } = phoneWithKept();
    phone.replaceSliced(sliced(states[1]!, false), (v) => kept.get(v), HOME_ROUTE);
    const cleanup = $effect.root(() => {
      const seen: number[] = [];
      $effect(() => {
        seen.push(noteCount(phone));
      });
      flushSync();
      const before = seen[0]!;
      expect(before).toBe((states[1]!.apps.notes as unknown as NotesState).notes.length);
      phone.update((s) => {
        (s.apps.notes as unknown as NotesState).notes.pop();
      });
      flushSync();
      expect(seen).toEqual([before, before - 1]);
    });
    cleanup();
    // 轻聊's slice, never read since the reset: replaced whole, then read.
    const chat = structuredClone(states[0]!.apps.chat) as unknown as ChatState;
    phone.update((s) => {
      (s.apps as Record<string, unknown>).chat = chat;
    });
    expect(phone.app<ChatState>('chat')!.chats.length).toBe(chat.chats.length);
    expect(JSON.parse(phone.getStateJson()).apps.chat).toEqual(JSON.parse(JSON.stringify(chat)));
  });

  it('resets in a row, some slices never read in between, keep every value right', () => {
    const { phone, kept, states } = phoneWithKept();
    for (const i of [1, 0, 0, 1, 1, 0]) {
      expect(phone.replaceSliced(sliced(states[i]!, false), (v) => kept.get(v), HOME_ROUTE)).toEqual([]);
      if (i === 0) expect(phone.state.apps.wallet).toEqual(states[0]!.apps.wallet);
      expect(phone.getStateJson()).toBe(JSON.stringify(states[i]));
    }
    for (const id of Object.keys(states[0]!.apps)) expect(phone.state.apps[id]).toEqual(states[0]!.apps[id]);
  });

  it('a slice read and changed after a lazy reset stays changed through a reset to its new version', () => {
    const { phone, kept, states } = phoneWithKept();
    phone.replaceSliced(sliced(states[1]!, false), (v) => kept.get(v), HOME_ROUTE);
    const count = noteCount(phone);
    phone.update((s) => {
      (s.apps.notes as unknown as NotesState).notes.pop();
    });
    // A reset to the phone's own state as it is now (a restore of a snapshot just taken): every slice the same.
    const now = phone.getStateSliced();
    expect(phone.replaceSliced({ ...now, json: {} }, (v) => kept.get(v), HOME_ROUTE)).toEqual([]);
    expect(noteCount(phone)).toBe(count - 1);
    expect(phone.getStateSliced().versions).toEqual(now.versions);
  });

  it('a kept slice the phone never checked is checked at the reset', () => {
    const { phone, kept, states } = phoneWithKept();
    const bad = structuredClone(states[0]!) as unknown as { apps: { chat: { chats: unknown } } };
    bad.apps.chat.chats = 'not a list';
    const s = sliced(bad as unknown as PhoneState, true);
    // The page holds the bad slice (as a restore's carried parts are kept before they apply)...
    const name = sliceName('apps', 'chat');
    kept.set(s.versions[name]!, s.json[name]!);
    // ...but a reset naming it without carrying it still refuses it, and keeps the state it had.
    const before = phone.getStateJson();
    expect(() => phone.replaceSliced({ ...s, json: {} }, (v) => kept.get(v), HOME_ROUTE)).toThrow(/invalid phone state/);
    expect(phone.getStateJson()).toBe(before);
  });
});
