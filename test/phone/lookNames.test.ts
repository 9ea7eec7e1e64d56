/**
 * A look's people (simulator-apps/os/lookNames.ts, called by bridge/runner/setup.ts): variant 0
 * renames nobody; any other renames the people the task does not refer to, everywhere at once,
 * and falls back to the seed's names when the task's setup depends on them.
 */
import { describe, expect, it } from 'vitest';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { defineTask } from '../../bridge/tasks/api.ts';
import { loadRegistry, goalText, type LoadedTask } from '../../bridge/tasks/registry.ts';
import { defaultParams, sampleParams } from '../../bridge/tasks/sampler.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { nameInitial } from '../../simulator-apps/chat/logic.ts';
import type { ContactsState } from '../../simulator-apps/contacts/types.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { applyRenames, chooseRenames, RENAMEABLE } from '../../simulator-apps/os/lookNames.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const fixture = (name: string, def: ReturnType<typeof defineTask<any>>): LoadedTask => ({ id: `fixture.${name}`, suite: 'fixture', name, file: 'fixture.ts', def }) as unknown as LoadedTask;
const base = { difficulty: 'L1' as const, objective: 'action' as const, apps: ['contacts'], oracle: async () => {} };
const contactsOf = (s: PhoneState) => (s.apps.contacts as unknown as ContactsState).contacts;
const chatOf = (s: PhoneState) => s.apps.chat as unknown as ChatState;

async function task(id: string): Promise<LoadedTask> {
  const t = (await loadRegistry()).tasks.find((x) => x.id === id);
  if (!t) throw new Error(`no task ${id}`);
  return t;
}

describe("a look's people", () => {
  it('are renamed on a copy: the seed data, and so every state made after, stays as it was', async () => {
    const { tasks } = await loadRegistry();
    const task = tasks.find((t) => t.id === 'chat.PinChat')!;
    const before = JSON.stringify(createInitialState(5));
    const looked = prepareInstance(task, 5, { variant: 1 });
    expect(looked.names.kind).toBe('renamed');
    expect(JSON.stringify(createInitialState(5))).toBe(before);
    expect(prepareInstance(task, 5, { variant: 1 }).stateJson).toBe(looked.stateJson);
  });

  it('variant 0 renames nobody: the state is the one the hooks make on the seed phone, byte for byte', async () => {
    const t = await task('chat.SendMessage');
    const prepared = prepareInstance(t, 21);
    expect(prepared.names).toEqual({ kind: 'none' });
    const state = createInitialState(21);
    const rng = new Rng(21);
    const ctx = { state, p: defaultParams(t.def) as Record<string, unknown>, rng, seed: 21 };
    t.def.prepare?.(ctx);
    ctx.p = sampleParams(t.def, ctx.state, rng, { taskId: t.id, seed: 21 });
    t.def.postSample?.(ctx);
    // A boolean, not the two 500 KB texts side by side in a failure.
    expect(prepared.stateJson === JSON.stringify(state), 'variant 0 differs from the seed phone after the hooks').toBe(true);
  });

  it('variant 1 renames the people the task does not name, everywhere, and never one it names', async () => {
    for (const id of ['chat.SendMessage', 'contacts.CallContact', 'wallet.RepeatLastTransfer']) {
      const t = await task(id);
      const plain = prepareInstance(t, 8);
      const looked = prepareInstance(t, 8, { variant: 1 });
      expect(looked.names.kind, id).toBe('renamed');
      if (looked.names.kind !== 'renamed') continue;
      expect(looked.params).toEqual(plain.params);
      const named = JSON.stringify(looked.params) + goalText(t, looked.params);
      expect(looked.names.renames.length).toBeGreaterThan(10);
      for (const r of looked.names.renames) {
        expect(plain.stateJson, r.from).toContain(r.from);
        expect(looked.stateJson, `${id}: ${r.from} is left in the state`).not.toContain(r.from);
        expect(looked.stateJson).toContain(r.to);
        expect(plain.stateJson).not.toContain(r.to);
        expect(named).not.toContain(r.from);
        // The phone book follows the name: pinyin, index letter, and a mail address made of the pinyin.
        const before = contactsOf(plain.state).find((c) => c.name === r.from);
        const after = contactsOf(looked.state).find((c) => c.name === r.to);
        expect(after?.id).toBe(before?.id);
        if (after && before) {
          expect(after.pinyin).toBe(r.toPinyin);
          expect(after.initial).toBe(nameInitial(r.to));
          if (before.email !== '') expect(after.email.startsWith(r.toPinyin.replace(/ /g, ''))).toBe(true);
        }
        const chatted = chatOf(looked.state).contacts.find((c) => c.name === r.to);
        if (chatted) expect([chatted.avatar.glyph, chatted.initial]).toEqual([[...r.to].at(-1), nameInitial(r.to)]);
      }
    }
  });

  it("邮箱's people are renamed too, their addresses made of the new pinyin the same way", async () => {
    const t = await task('mail.CallSender');
    const plain = prepareInstance(t, 8);
    const looked = prepareInstance(t, 8, { variant: 1 });
    expect(looked.names.kind).toBe('renamed');
    if (looked.names.kind !== 'renamed') return;
    type MailPerson = { name: string; address: string };
    const people = (s: PhoneState) => (s.apps.mail as unknown as { mails: { from: MailPerson; to: MailPerson[]; cc: MailPerson[] }[] }).mails.flatMap((m) => [m.from, ...m.to, ...m.cc]);
    const joined = (pinyin: string) => pinyin.split(' ').slice(1).join('');
    let checked = 0;
    for (const r of looked.names.renames) {
      const before = people(plain.state).find((x) => x.name === r.from);
      const after = people(looked.state).filter((x) => x.name === r.to);
      if (!before) continue;
      expect(after.length, r.to).toBeGreaterThan(0);
      for (const x of after) expect(x.address.split('@')[0], `${r.from} ${before.address} → ${r.to} ${x.address}`).toContain(joined(r.toPinyin));
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('the same seed and look give the same names; another look gives others', async () => {
    const t = await task('chat.SendMessage');
    const one = prepareInstance(t, 8, { variant: 1 });
    expect(prepareInstance(t, 8, { variant: 1 }).stateJson).toBe(one.stateJson);
    const two = prepareInstance(t, 8, { variant: 2 });
    expect(two.names.kind).toBe('renamed');
    if (one.names.kind === 'renamed' && two.names.kind === 'renamed') expect(two.names.renames.map((r) => r.to)).not.toEqual(one.names.renames.map((r) => r.to));
  });

  it('keeps the names when the setup depends on them (the sampler counts surnames), the look still applies', () => {
    const surnames = fixture(
      'Surnames',
      defineTask<{ count: number }>({
        ...base,
        goal: (p) => `通讯录里有 ${p.count} 个姓氏`,
        params: { count: { sampler: (s) => new Set(contactsOf(s).map((c) => c.name.charAt(0))).size } },
        criteria: () => ({ 'os.locale': 'en' }),
      }),
    );
    const looked = prepareInstance(surnames, 8, { variant: 1 });
    expect(looked.names).toEqual({ kind: 'kept', reason: 'its sampler drew other parameters on the changed phone' });
    const plain = prepareInstance(surnames, 8);
    const { look, ...os } = looked.state.os;
    expect(look).toBeDefined();
    expect({ ...looked.state, os }).toEqual(plain.state);
  });

  it('never renames roles, look-alike pairs, nicknames or a person a record id names', () => {
    expect(RENAMEABLE.map((p) => p.name)).not.toEqual(expect.arrayContaining(['橙子']));
    for (const nick of ['阿杰', '大熊', '小鱼儿', '橙子', 'Kevin']) expect(RENAMEABLE.some((p) => p.name === nick)).toBe(false);
    const state = createInitialState(3);
    const all = chooseRenames(state, 3, 1, '');
    const from = new Set(all.map((r) => r.from));
    for (const kept of ['李秀兰', '刘德明', '王晓雨', '王小雨', '张伟', '妈妈', '刘总']) expect(from.has(kept)).toBe(false);
    const someone = contactsOf(state).find((c) => from.has(c.name))!;
    expect(chooseRenames(state, 3, 1, JSON.stringify({ contactId: someone.id })).map((r) => r.from)).not.toContain(someone.name);
    // 钱包's look-alike payees keep their names, and no new name is a character apart from another name.
    const payees = (state.apps.wallet as unknown as { payees: { name: string }[] }).payees.map((p) => p.name);
    for (const twin of ['周梓涵', '周子涵', '林思源', '林思远']) if (payees.includes(twin)) expect(from.has(twin)).toBe(false);
    const apart = (a: string, b: string) => a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;
    const recordNames = new Set<string>();
    JSON.stringify(state, (k, v) => (k === 'name' && typeof v === 'string' && recordNames.add(v), v));
    for (const r of all) for (const other of [...recordNames, ...all.map((x) => x.to)]) expect(apart(r.to, other), `${r.to} and ${other}`).toBe(false);
    applyRenames(state, all);
    const json = JSON.stringify(state);
    for (const r of all) expect(json).not.toContain(r.from);
  });
});
