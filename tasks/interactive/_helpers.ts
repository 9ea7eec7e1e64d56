/**
 * Interactive tasks (seed 004's benchmark-driven execution): a chat contact answers by a script
 * the task owns. `chatCounterpart` turns a reply function into the task's `interaction`: after
 * every step it looks for messages I sent that contact since the start, and when there are new
 * ones it has the contact answer them (one incoming message, delivered before the agent's next
 * look at the screen). The reply function decides when the exchange is over.
 */
import type { Interaction, InteractionContext, ParamSpec } from '../../bridge/tasks/api.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import type { Message } from '../../simulator-apps/chat/types.ts';
import { chatOf, displayName, threadChanges } from '../chat/_helpers.ts';

export { chatOf };

/**
 * The counterpart parameter (`key`, e.g. `_friend`): one of my one-to-one chats, spread into
 * chatId, `<role>Id` and `<role>Name` (the name the agent is told).
 */
export function counterpartParam(key: string, role: string): Record<string, ParamSpec> {
  return {
    [key]: {
      sampler: (state, rng) => {
        const chat = chatOf(state);
        const c = rng.pick(chat.chats.filter((x) => chat.contacts.some((k) => k.id === x.contactId)));
        const contact = chat.contacts.find((k) => k.id === c.contactId)!;
        return { chatId: c.id, id: contact.id, name: displayName(contact) };
      },
      fields: { chatId: 'chatId', [`${role}Id`]: 'id', [`${role}Name`]: 'name' },
    },
  };
}

/** My messages in the one-to-one chat with `contactId` (none when there is no chat yet). */
export function myMessages(state: PhoneState, contactId: string): Message[] {
  const chat = chatOf(state).chats.find((c) => c.contactId === contactId);
  return chat ? chat.messages.filter((m) => m.from === 'me') : [];
}

/** The contact's messages in that chat after the start (the script's replies, and any others). */
export function theirNewMessages(init: PhoneState, final: PhoneState, contactId: string): Message[] {
  const before = new Set((chatOf(init).chats.find((c) => c.contactId === contactId)?.messages ?? []).map((m) => m.id));
  const chat = chatOf(final).chats.find((c) => c.contactId === contactId);
  return chat ? chat.messages.filter((m) => m.from === contactId && !before.has(m.id)) : [];
}

/** What I sent the contact since the start. */
export function sentSince(init: PhoneState, final: PhoneState, contactId: string): Message[] {
  const before = new Set(myMessages(init, contactId).map((m) => m.id));
  return myMessages(final, contactId).filter((m) => !before.has(m.id));
}

export interface CounterpartTurn<P> {
  p: P;
  /** The texts I sent since the contact last answered, oldest first. */
  unanswered: string[];
  /** How many times the contact has answered so far. */
  turn: number;
  memory: Record<string, unknown>;
}

/**
 * The task's `interaction` for a contact who answers in the chat app. `reply` returns the
 * contact's message (and `done` when the exchange is over), or null to stay silent.
 */
export function chatCounterpart<P>(contactId: (p: P) => string, reply: (t: CounterpartTurn<P>) => { text: string; done?: boolean } | null): Interaction<P> {
  return {
    respond(ctx: InteractionContext<P>) {
      const id = contactId(ctx.p);
      const sent = sentSince(ctx.init, ctx.state, id);
      const answered = (ctx.memory.answered as number | undefined) ?? 0;
      if (sent.length <= answered) return;
      const turn = (ctx.memory.turn as number | undefined) ?? 0;
      const r = reply({ p: ctx.p, unanswered: sent.slice(answered).map((m) => m.text), turn, memory: ctx.memory });
      ctx.memory.answered = sent.length;
      if (!r) return;
      ctx.memory.turn = turn + 1;
      const chat = chatOf(ctx.state).chats.find((c) => c.contactId === id)!;
      return { events: [{ kind: 'chat.incoming', chatId: chat.id, from: id, text: r.text }], done: r.done };
    },
  };
}

/** The expected changes of a conversation with the contact: its messages, unread count and a new chat's record. */
export function conversationPaths(init: PhoneState, final: PhoneState, contactId: string): string[] {
  const chat = chatOf(final).chats.find((c) => c.contactId === contactId);
  if (!chat) return [];
  const existed = chatOf(init).chats.some((c) => c.id === chat.id);
  return existed ? [...threadChanges(chat.id), `apps.chat.chats[${chat.id}].draft`] : [`apps.chat.chats[${chat.id}]`];
}
