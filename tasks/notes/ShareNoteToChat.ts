import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedMessages, namedChatParam } from '../chat/_helpers.ts';
import { type NoteParams, SEARCH_CHANGES, noteParam, openNoteBySearch } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends NoteParams {
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
    ...noteParam(),
    // A name that is unique among the share targets.
    ...namedChatParam(),
  },
  checkGoals(input, p) {
    const sent = addedMessages(input, p.chatId).filter((m) => m.from === 'me');
    const card = sent[0]?.card;
    return [
      exactlyOne('one new message from me in the chat', sent),
      criteria.equals('it is a 小橙书 card for the note', card ? `${card.app}:${card.ref}` : null, `notes:${p.noteId}`),
    ];
  },
  expectedChanges: (_input, p) => [...SEARCH_CHANGES, `apps.chat.chats[${p.chatId}].messages[*]`],
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.tap('notes.note.share');
    await scrollAndTap(ui, `notes.share.target.${p.chatId}`, 'notes.share.list');
  },
});
