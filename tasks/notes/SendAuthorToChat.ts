import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMessages, namedChatParam, sendMessage, threadChanges } from '../chat/_helpers.ts';
import { type NoteParams, SEARCH_CHANGES, noteById, noteParam, notesOf, openNoteBySearch } from './_helpers.ts';
import { personOf } from '../../simulator-apps/notes/logic.ts';

interface P extends NoteParams {
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
    ...noteParam((n) => n.city !== ''),
    ...namedChatParam(),
  },
  checkGoals(input, p) {
    const note = noteById(input.init, p.noteId);
    const author = personOf(notesOf(input.init), note.authorId).nickname;
    const sent = addedMessages(input, p.chatId).filter((m) => m.from === 'me');
    const text = sent.map((m) => m.text).join('\n');
    return [
      criteria.that('a new message from me in the chat', sent.length >= 1, { expected: '≥1', actual: sent.length }),
      criteria.that('it names the author', text.includes(author), { expected: author, actual: text }),
      criteria.that('it names the city', text.includes(note.city), { expected: note.city, actual: text }),
    ];
  },
  expectedChanges: (_input, p) => [...SEARCH_CHANGES, ...threadChanges(p.chatId), `apps.chat.chats[${p.chatId}].draft`],
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    const author = (ui.find('notes.note.author')?.text ?? '').trim();
    await ui.scrollTo('notes.note.meta', { within: 'notes.note.page' });
    const meta = ui.find('notes.note.meta')?.text ?? '';
    const city = meta.split(' ').at(-1) ?? '';
    if (!author || !city) throw new Error(`could not read the author (${author}) or the city (${meta})`);
    await sendMessage(ui, p.chatId, `${author}，${city}`);
  },
});
