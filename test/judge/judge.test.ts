import { describe, expect, it } from 'vitest';
import { ALWAYS_EXPECTED, JudgeError, filterUnexpectedChanges, judge, type JudgeInput, type JudgeSpec } from '../../bridge/judge/judge.ts';
import { diffStates } from '../../bridge/judge/diff.ts';
import { getPath } from '../../bridge/judge/paths.ts';
import { PhonegymError } from '../../bridge/protocol/errors.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { StateChange } from '../../bridge/protocol/messages.ts';
import { splitTree } from '../../bridge/protocol/slices.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function phone(): PhoneState {
  return {
    os: { time: { timestamp: 1_700_000_000_000, timezone: 'Asia/Shanghai' }, settings: { wifi: true, brightness: 50 } },
    apps: {
      chat: {
        chats: [
          { id: 'c_1', title: 'Alice', muted: false, draft: '', messages: [{ id: 'm_1', text: 'hi', from: 'u_2' }] },
          { id: 'c_2', title: 'Bob', muted: false, draft: '', messages: [] },
        ],
        contacts: [
          { id: 'u_2', name: 'Alice', following: false },
          { id: 'u_3', name: 'Bob', following: false },
        ],
      },
    },
  };
}

type Chat = { id: string; title: string; muted: boolean; draft: string; messages: { id: string; text: string; from: string }[] };
const chatsOf = (s: PhoneState) => s.apps.chat.chats as unknown as Chat[];
const contactsOf = (s: PhoneState) => s.apps.chat.contacts as unknown as { id: string; name: string; following: boolean }[];

function input(final: PhoneState, over: Partial<JudgeInput> = {}): JudgeInput {
  return { init: phone(), final, initRoute: { app: 'home', path: '/' }, route: { app: 'chat', path: '/chat/c_1' }, answer: null, actions: [], ...over };
}

/** "Send 'see you' to Alice": the new message is found at judge time, so its path is only known then. */
const sendMessage: JudgeSpec = {
  checkGoals({ final }) {
    const chat = chatsOf(final).find((c) => c.id === 'c_1')!;
    const sent = chat.messages.find((m) => m.from === 'me');
    return [
      {
        name: 'message sent to Alice',
        passed: sent?.text === 'see you',
        expected: 'see you',
        actual: sent?.text ?? null,
        ...(sent ? { path: `apps.chat.chats[c_1].messages[${sent.id}].text` } : {}),
      },
    ];
  },
};

function afterSending(s = phone()): PhoneState {
  chatsOf(s)[0].messages.push({ id: 'm_2', text: 'see you', from: 'me' });
  s.os.time.timestamp += 60_000;
  return s;
}

describe('judge: goals', () => {
  it('passes when every criterion passes and nothing else changed', () => {
    const v = judge(sendMessage, input(afterSending()));
    expect(v).toMatchObject({ success: true, clean: true, progress: 1, passed: true, issues: [], warnings: [] });
    expect(v.goals).toEqual([{ name: 'message sent to Alice', passed: true, expected: 'see you', actual: 'see you', path: 'apps.chat.chats[c_1].messages[m_2].text' }]);
    expect(v.unexpectedChanges).toEqual([]);
    expect(v.expectedChanges.map((c) => c.path)).toEqual(['apps.chat.chats[c_1].messages[m_2]', 'os.time.timestamp']);
  });

  it('fails when doing nothing, with an issue naming the criterion', () => {
    const v = judge(sendMessage, input(phone()));
    expect(v).toMatchObject({ success: false, clean: true, progress: 0, passed: false });
    expect(v.issues).toEqual([{ field: 'message sent to Alice', expected: 'see you', actual: null }]);
  });

  it('reports partial progress as the fraction of criteria passed', () => {
    const spec: JudgeSpec = {
      checkGoals: () => [
        { name: 'a', passed: true },
        { name: 'b', passed: false, expected: 1, actual: 2, message: 'b is off by one' },
        { name: 'c', passed: true },
        { name: '', passed: false, path: 'apps.chat.x' },
      ],
    };
    const v = judge(spec, input(phone()));
    expect(v.progress).toBe(0.5);
    expect(v.success).toBe(false);
    expect(v.passed).toBe(false);
    expect(v.goals.map((g) => g.passed)).toEqual([true, false, true, false]);
    expect(v.issues).toEqual([
      { field: 'b', expected: 1, actual: 2, message: 'b is off by one' },
      { field: 'apps.chat.x' },
    ]);
  });

  it('falls back to isSuccessful when checkGoals returns no criteria', () => {
    const yes = judge({ checkGoals: () => [], isSuccessful: () => true }, input(phone()));
    expect(yes).toMatchObject({ success: true, progress: 1, passed: true, issues: [] });
    const no = judge({ checkGoals: () => [], isSuccessful: () => false }, input(phone()));
    expect(no).toMatchObject({ success: false, progress: 0, passed: false });
    expect(no.issues).toEqual([{ field: 'isSuccessful', expected: true, actual: false, message: 'isSuccessful() returned false' }]);
  });

  it('does not call isSuccessful when there are criteria', () => {
    const v = judge({ checkGoals: () => [{ name: 'x', passed: false }], isSuccessful: () => true }, input(phone()));
    expect(v.success).toBe(false);
  });

  it('fails a task that defines no goals, saying so', () => {
    const v = judge({ checkGoals: () => [] }, input(phone()));
    expect(v).toMatchObject({ success: false, progress: 0, passed: false });
    expect(v.issues).toHaveLength(1);
    expect(v.issues[0].field).toBe('goals');
    expect(v.issues[0].message).toContain('defines no goals');
  });

  it('passes the input to every spec function', () => {
    const seen: JudgeInput[] = [];
    const spec: JudgeSpec = {
      checkGoals: (i) => (seen.push(i), []),
      isSuccessful: (i) => (seen.push(i), i.answer === '42'),
      expectedChanges: (i) => (seen.push(i), []),
    };
    const inp = input(phone(), { answer: '42' });
    expect(judge(spec, inp).success).toBe(true);
    expect(seen).toEqual([inp, inp, inp]);
  });
});

describe('judge: side effects', () => {
  it('catches a stray change even when the goal succeeded', () => {
    const final = afterSending();
    contactsOf(final)[1].following = true;
    const v = judge(sendMessage, input(final));
    expect(v).toMatchObject({ success: true, clean: false, progress: 1, passed: false });
    expect(v.warnings).toEqual([{ path: 'apps.chat.contacts[u_3].following', kind: 'changed', before: false, after: true }]);
    expect(v.unexpectedChanges.map((c) => c.path)).toEqual(['apps.chat.contacts[u_3].following']);
  });

  it('reports a stray draft in another chat and a setting touched in passing', () => {
    const final = afterSending();
    chatsOf(final)[1].draft = 'oops';
    (final.os.settings as { brightness: number }).brightness = 80;
    const v = judge(sendMessage, input(final));
    expect(v.clean).toBe(false);
    expect(v.warnings.map((w) => w.path)).toEqual(['apps.chat.chats[c_2].draft', 'os.settings.brightness']);
  });

  it('with the states\' slice versions, walks only the slices that changed, to the same verdict', () => {
    const withNotes = (s: PhoneState) => ({ ...s, apps: { ...s.apps, notes: { notes: [{ id: 'n_1', title: '买菜' }] } } }) as PhoneState;
    const init = withNotes(phone());
    const final = withNotes(afterSending());
    contactsOf(final)[1].following = true;
    const versions = (s: PhoneState) => splitTree(s as unknown as Record<string, unknown>).layout.versions;
    const whole = judge(sendMessage, input(final, { init }));
    const sliced = judge(sendMessage, input(final, { init, versions: { init: versions(init), final: versions(final) } }));
    expect(sliced).toEqual(whole);
    expect(sliced.warnings.map((w) => w.path)).toEqual(['apps.chat.contacts[u_3].following']);
    // A slice whose version did not move is not walked at all (equal versions: equal JSON).
    (final.apps.notes!.notes as { title: string }[])[0]!.title = '不看';
    const skipped = judge(sendMessage, input(final, { init, versions: { init: versions(init), final: { ...versions(final), 'apps.notes': versions(init)['apps.notes']! } } }));
    expect(skipped.warnings.map((w) => w.path)).toEqual(['apps.chat.contacts[u_3].following']);
  });

  it('always expects the virtual clock to move', () => {
    expect(ALWAYS_EXPECTED).toEqual(['os.time.**']);
    const final = phone();
    final.os.time = { timestamp: final.os.time.timestamp + 5, timezone: 'UTC' };
    const v = judge({ checkGoals: () => [{ name: 'ok', passed: true }] }, input(final));
    expect(v).toMatchObject({ clean: true, passed: true });
    expect(v.expectedChanges.map((c) => c.path)).toEqual(['os.time.timestamp', 'os.time.timezone']);
  });

  it('accepts changes declared by expectedChanges patterns', () => {
    const final = afterSending();
    chatsOf(final)[1].draft = 'later';
    chatsOf(final)[0].draft = 'x';
    const spec: JudgeSpec = { ...sendMessage, expectedChanges: () => ['apps.chat.chats[*].draft'] };
    const v = judge(spec, input(final));
    expect(v).toMatchObject({ success: true, clean: true, passed: true });
  });

  it('derives expectations from criterion paths, including everything below them', () => {
    const final = phone();
    const chat = chatsOf(final)[1];
    chat.muted = true;
    const spec: JudgeSpec = {
      checkGoals: ({ final: f }) => [
        { name: 'Bob muted', passed: getPath(f, 'apps.chat.chats[c_2].muted') === true, path: 'apps.chat.chats[c_2].muted' },
        { name: 'Alice chat ok', passed: true, path: 'apps.chat.chats[c_1]' },
      ],
    };
    chatsOf(final)[0].title = 'Alice (work)';
    chatsOf(final)[0].messages.push({ id: 'm_9', text: 'x', from: 'me' });
    const v = judge(spec, input(final));
    expect(v).toMatchObject({ success: true, clean: true, passed: true });
    expect(v.expectedChanges.map((c) => c.path)).toEqual([
      'apps.chat.chats[c_1].messages[m_9]',
      'apps.chat.chats[c_1].title',
      'apps.chat.chats[c_2].muted',
    ]);
  });

  it('does not let a criterion path cover its neighbours', () => {
    const final = phone();
    chatsOf(final)[1].muted = true;
    chatsOf(final)[1].title = 'Robert';
    const spec: JudgeSpec = { checkGoals: () => [{ name: 'Bob muted', passed: true, path: 'apps.chat.chats[c_2].muted' }] };
    const v = judge(spec, input(final));
    expect(v.clean).toBe(false);
    expect(v.warnings.map((w) => w.path)).toEqual(['apps.chat.chats[c_2].title']);
  });

  it('covers an added record by a criterion that reads a field inside it', () => {
    const v = judge(sendMessage, input(afterSending()));
    expect(v.clean).toBe(true);
    expect(v.expectedChanges.find((c) => c.kind === 'added')?.path).toBe('apps.chat.chats[c_1].messages[m_2]');
  });

  it('does not cover an added record by a broad ** pattern that happens to match a field name in it', () => {
    const final = phone();
    chatsOf(final)[1].messages.push({ id: 'm_5', text: 'stray', from: 'me' });
    const v = judge({ checkGoals: () => [{ name: 'ok', passed: true }], expectedChanges: () => ['**.text'] }, input(final));
    expect(v.clean).toBe(false);
    expect(v.warnings).toEqual([{ path: 'apps.chat.chats[c_2].messages[m_5]', kind: 'added', after: { id: 'm_5', text: 'stray', from: 'me' } }]);
  });

  it('covers removed records by arr[*] and arr[id].** patterns', () => {
    const final = phone();
    chatsOf(final).splice(1, 1);
    const check = { checkGoals: () => [{ name: 'ok', passed: true }] };
    expect(judge({ ...check, expectedChanges: () => ['apps.chat.chats[*]'] }, input(final)).clean).toBe(true);
    expect(judge({ ...check, expectedChanges: () => ['apps.chat.chats[c_2].**'] }, input(final)).clean).toBe(true);
    expect(judge({ ...check, expectedChanges: () => ['apps.chat.chats[c_1].**'] }, input(final)).clean).toBe(false);
    expect(judge({ ...check, expectedChanges: () => ['apps.chat.chats[c_2].title'] }, input(final)).clean).toBe(true);
  });

  it('does not diff the route: navigating around is not a side effect', () => {
    const v = judge({ checkGoals: () => [{ name: 'ok', passed: true }] }, input(phone(), { route: { app: 'chat', path: '/settings' } }));
    expect(v.clean).toBe(true);
  });

  it('lists warnings in path order with before and after', () => {
    const final = phone();
    contactsOf(final).push({ id: 'u_9', name: 'Zed', following: true });
    (final.os.settings as { wifi: boolean }).wifi = false;
    const v = judge({ checkGoals: () => [{ name: 'ok', passed: true }] }, input(final));
    expect(v.warnings).toEqual([
      { path: 'apps.chat.contacts[u_9]', kind: 'added', after: { id: 'u_9', name: 'Zed', following: true } },
      { path: 'os.settings.wifi', kind: 'changed', before: true, after: false },
    ]);
  });
});

describe('judge: errors in the task code', () => {
  it('wraps a throwing checkGoals in a JudgeError with the cause', () => {
    const boom = new TypeError("Cannot read properties of undefined (reading 'messages')");
    try {
      judge({ checkGoals: () => { throw boom; } }, input(phone()));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(JudgeError);
      expect(e).toBeInstanceOf(PhonegymError);
      const err = e as JudgeError;
      expect(err.name).toBe('JudgeError');
      expect(err.code).toBe('eval_error');
      expect(err.cause).toBe(boom);
      expect(err.message).toContain('checkGoals threw');
      expect(err.message).toContain("reading 'messages'");
      expect(err.details).toEqual({ stage: 'checkGoals' });
    }
  });

  it.each([
    ['isSuccessful', { checkGoals: () => [], isSuccessful: () => { throw new Error('no'); } }],
    ['expectedChanges', { checkGoals: () => [{ name: 'a', passed: true }], expectedChanges: () => { throw new Error('no'); } }],
  ] as [string, JudgeSpec][])('wraps a throwing %s', (stage, spec) => {
    expect(() => judge(spec, input(phone()))).toThrow(JudgeError);
    expect(() => judge(spec, input(phone()))).toThrow(`${stage} threw: no`);
  });

  it('rejects malformed criteria instead of guessing', () => {
    const run = (v: unknown) => () => judge({ checkGoals: () => v as never }, input(phone()));
    expect(run(undefined)).toThrow(/must return an array/);
    expect(run([{ name: 'x', passed: 'yes' }])).toThrow(/criterion "x" has passed=yes/);
    expect(run([{ passed: true }])).toThrow(/needs a string `name`/);
    expect(run([null])).toThrow(/not a criterion object/);
    expect(run([{ name: 'x', passed: true, path: 3 }])).toThrow(/non-string path/);
  });

  it('rejects a non-boolean isSuccessful result', () => {
    expect(() => judge({ checkGoals: () => [], isSuccessful: () => 1 as never }, input(phone()))).toThrow(JudgeError);
  });

  it('rejects a malformed expected-change pattern, naming where it came from', () => {
    expect(() => judge({ checkGoals: () => [{ name: 'a', passed: true }], expectedChanges: () => ['apps..chat'] }, input(phone()))).toThrow(/expectedChanges: invalid pattern "apps\.\.chat"/);
    expect(() => judge({ checkGoals: () => [{ name: 'a', passed: true }], expectedChanges: () => 'apps.**' as never }, input(phone()))).toThrow(/array of path patterns/);
    expect(() => judge({ checkGoals: () => [{ name: 'bad', passed: true, path: 'a[x y]' }] }, input(phone()))).toThrow(/criterion "bad" path/);
  });
});

describe('filterUnexpectedChanges', () => {
  const changes: StateChange[] = [
    { path: 'apps.chat.chats[c_1].draft', kind: 'changed', before: '', after: 'x' },
    { path: 'apps.chat.chats[c_1].messages[m_2]', kind: 'added', after: { id: 'm_2', text: 't' } },
    { path: 'apps.chat.settings', kind: 'changed', before: { theme: 'light' }, after: null },
    { path: 'os.time.timestamp', kind: 'changed', before: 1, after: 2 },
  ];

  it('splits changes by pattern and keeps their order', () => {
    const r = filterUnexpectedChanges(changes, ['os.time.**', 'apps.chat.chats[*].draft']);
    expect(r.expected.map((c) => c.path)).toEqual(['apps.chat.chats[c_1].draft', 'os.time.timestamp']);
    expect(r.unexpected.map((c) => c.path)).toEqual(['apps.chat.chats[c_1].messages[m_2]', 'apps.chat.settings']);
  });

  it('counts a change as expected when an ancestor matches a pattern ending in .**', () => {
    const r = filterUnexpectedChanges(changes, ['apps.chat.**']);
    expect(r.unexpected.map((c) => c.path)).toEqual(['os.time.timestamp']);
  });

  it('covers a replaced subtree by a pattern naming a location inside its old value', () => {
    const r = filterUnexpectedChanges(changes, ['apps.chat.settings.theme']);
    expect(r.expected.map((c) => c.path)).toEqual(['apps.chat.settings']);
  });

  it('covers an added record by arr[*], arr[id] and arr[id].**, but not by a sibling id', () => {
    const added = [changes[1]];
    expect(filterUnexpectedChanges(added, ['apps.chat.chats[*].messages[*]']).unexpected).toEqual([]);
    expect(filterUnexpectedChanges(added, ['apps.chat.chats[c_1].messages[m_2]']).unexpected).toEqual([]);
    expect(filterUnexpectedChanges(added, ['apps.chat.chats[c_1].messages[m_2].**']).unexpected).toEqual([]);
    expect(filterUnexpectedChanges(added, ['apps.chat.chats[c_1].messages[m_3].**']).unexpected).toEqual(added);
    expect(filterUnexpectedChanges(added, ['apps.chat.chats[c_1].messages']).unexpected).toEqual(added);
  });

  it('flags everything when nothing is expected', () => {
    expect(filterUnexpectedChanges(changes, []).unexpected).toEqual(changes);
  });

  it('works on a real diff of quoted and unicode keys', () => {
    const a = { apps: { notes: { 'a.b': 1, 标签: ['x'] } } };
    const b = { apps: { notes: { 'a.b': 2, 标签: ['x', 'y'] } } };
    const r = filterUnexpectedChanges(diffStates(a, b), ['apps.notes["a.b"]', 'apps.notes.标签.**']);
    expect(r.unexpected).toEqual([]);
    expect(r.expected).toHaveLength(2);
  });
});
