import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { pickChat } from '../chat/_helpers.ts';
import { SEARCH_CHANGES, openNoteBySearch, pickNote } from './_helpers.ts';

interface P extends Record<string, unknown> {
  noteId: string;
  title: string;
  chatId: string;
  contactName: string;
}

/** 分享 → 轻聊 → a friend: a card message with the note lands in that chat. */
export default defineTask<P>({
  goal: (p) => `把小橙书上的笔记《${p.title}》分享给轻聊好友“${p.contactName}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['notes', 'chat'],
  startApp: 'notes',
  tags: ['notes', 'share', 'cross-app'],
  params: {
    _note: { sampler: (state, rng) => pickNote(state, rng), fields: { noteId: 'noteId', title: 'title' } },
    _chat: {
      sampler: (state, rng) => {
        // A name that is unique among the share targets (no look-alike pair, no group of that name).
        const chat = state.apps.chat as unknown as ChatState;
        const names = new Map<string, number>();
        for (const c of chat.contacts) names.set(c.remark || c.name, (names.get(c.remark || c.name) ?? 0) + 1);
        return pickChat(state, rng, (_c, contact) => names.get(contact.remark || contact.name) === 1);
      },
      fields: { chatId: 'chatId', contactName: 'contactName' },
    },
  },
  checkGoals(input, p) {
    const chatOf = (s: typeof input.init) => (s.apps.chat as unknown as ChatState).chats.find((c) => c.id === p.chatId)!;
    const before = new Set(chatOf(input.init).messages.map((m) => m.id));
    const sent = chatOf(input.final).messages.filter((m) => !before.has(m.id) && m.from === 'me');
    const card = sent[0]?.card;
    return [
      criteria.that('one new message from me in the chat', sent.length === 1, { expected: 1, actual: sent.length }),
      criteria.equals('it is a 小橙书 card for the note', card ? `${card.app}:${card.ref}` : null, `notes:${p.noteId}`),
    ];
  },
  expectedChanges: (_input, p) => [...SEARCH_CHANGES, `apps.chat.chats[${p.chatId}].messages[*]`],
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.tap('notes.note.share');
    await ui.scrollTo(`notes.share.target.${p.chatId}`, { within: 'notes.share.list' });
    await ui.tap(`notes.share.target.${p.chatId}`);
  },
});
