/**
 * The per-step state patch the viewer's step diff reads: walking only the slices whose versions
 * differ gives exactly the patch of the whole trees, and a slice whose version moved is walked.
 */
import { expect, it } from 'vitest';
import { splitTree } from '../../bridge/protocol/slices.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { stepChanges } from '../../bridge/runner/recorder.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const versionsOf = (s: PhoneState) => splitTree(s as unknown as Record<string, unknown>).layout.versions;

function step(change: (s: any) => void): [PhoneState, PhoneState] {
  const before = createInitialState(3);
  const after = structuredClone(before);
  change(after);
  return [before, after];
}

it.each([
  ['a message and a pin in chat, the clock moved', (s: any) => {
    s.apps.chat.chats[0].messages.push({ id: 'm_x', from: 'me', text: '到了', time: s.os.time.timestamp });
    s.apps.chat.chats[1].pinned = !s.apps.chat.chats[1].pinned;
    s.os.time.timestamp += 2000;
  }],
  ['two apps at once', (s: any) => {
    s.apps.chat.chats[0].muted = !s.apps.chat.chats[0].muted;
    s.apps.calendar.events.pop();
  }],
  ['an app removed and a top-level key added', (s: any) => {
    delete s.apps.shop;
    s.extra = { n: 1 };
  }],
])('%s: the sliced patch is the whole patch', (_name, change) => {
  const [before, after] = step(change);
  const whole = stepChanges(before, after, JSON.stringify(before), JSON.stringify(after));
  expect(whole.changes?.length).toBeGreaterThan(0);
  const sliced = stepChanges(before, after, JSON.stringify(before), JSON.stringify(after), { before: versionsOf(before), after: versionsOf(after) });
  expect(sliced).toEqual(whole);
});

it('leaves out slices whose versions are equal (the versions are trusted)', () => {
  const [before, after] = step((s) => (s.apps.chat.chats[0].pinned = !s.apps.chat.chats[0].pinned));
  const lying = { before: versionsOf(before), after: { ...versionsOf(after), 'apps.chat': versionsOf(before)['apps.chat']! } };
  expect(stepChanges(before, after, 'a', 'b', lying)).toEqual({});
});
