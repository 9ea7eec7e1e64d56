import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import { openConversation, pickChat } from '../chat/_helpers.ts';
import { SEARCH_CHANGES, noteById, notesOf, openNoteBySearch, pickNote } from './_helpers.ts';
import { personOf } from '../../simulator-apps/notes/logic.ts';

interface P extends Record<string, unknown> {
  noteId: string;
  title: string;
  chatId: string;
  contactName: string;
}

/** Read who wrote a note in 小橙书 and where it was posted, then tell a friend in 轻聊 by typing it. */
export default defineTask<P>({
  goal: (p) => `朋友“${p.contactName}”想知道小橙书笔记《${p.title}》是谁写的、在哪个城市发的。查到后用轻聊给他发一条消息，格式为“作者昵称，城市”（例如：某某某，上海）。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['notes', 'chat'],
  startApp: 'notes',
  tags: ['notes', 'cross-app'],
  params: {
    _note: { sampler: (state, rng) => pickNote(state, rng, (n) => n.city !== ''), fields: { noteId: 'noteId', title: 'title' } },
    _chat: {
      sampler: (state, rng) => {
        const chat = state.apps.chat as unknown as ChatState;
        const names = new Map<string, number>();
        for (const c of chat.contacts) names.set(c.remark || c.name, (names.get(c.remark || c.name) ?? 0) + 1);
        return pickChat(state, rng, (_c, contact) => names.get(contact.remark || contact.name) === 1);
      },
      fields: { chatId: 'chatId', contactName: 'contactName' },
    },
  },
  checkGoals(input, p) {
    const note = noteById(input.init, p.noteId);
    const author = personOf(notesOf(input.init), note.authorId).nickname;
    const chat = (s: typeof input.init) => (s.apps.chat as unknown as ChatState).chats.find((c) => c.id === p.chatId)!;
    const before = new Set(chat(input.init).messages.map((m) => m.id));
    const sent = chat(input.final).messages.filter((m) => !before.has(m.id) && m.from === 'me');
    const text = sent.map((m) => m.text).join('\n');
    return [
      criteria.that('a new message from me in the chat', sent.length >= 1, { expected: '≥1', actual: sent.length }),
      criteria.that('it names the author', text.includes(author), { expected: author, actual: text }),
      criteria.that('it names the city', text.includes(note.city), { expected: note.city, actual: text }),
    ];
  },
  expectedChanges: (_input, p) => [...SEARCH_CHANGES, `apps.chat.chats[${p.chatId}].messages[*]`, `apps.chat.chats[${p.chatId}].unread`, `apps.chat.chats[${p.chatId}].draft`],
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    const author = (ui.find('notes.note.author')?.text ?? '').trim();
    await ui.scrollTo('notes.note.meta', { within: 'notes.note.page' });
    const meta = ui.find('notes.note.meta')?.text ?? '';
    const city = meta.split(' ').at(-1) ?? '';
    if (!author || !city) throw new Error(`could not read the author (${author}) or the city (${meta})`);
    await openConversation(ui, p.chatId);
    await ui.type('chat.input', `${author}，${city}`);
    await ui.tap('chat.send');
  },
});
