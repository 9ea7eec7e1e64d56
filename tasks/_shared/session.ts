/**
 * What time does to a phone between a session's episodes (docs/tasks.md, "Sessions"): the edits
 * session templates make in `between`, so a fact read in one episode cannot be looked up again in
 * a later one. Each edit is one a real phone sees: a sender recalls a message or a mail. (Time
 * passing is the episode's `elapseMs`: the phone's own clock moves, and its apps act.)
 */
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { chatOf } from '../chat/_helpers.ts';
import { mailOf } from '../mail/_helpers.ts';

export const MINUTES = 60_000;

/** The sender recalls (撤回) a 轻聊 message: it is gone from the thread, as it is from the sender's. */
export function recallChatMessage(state: PhoneState, chatId: string, messageId: string): void {
  const thread = chatOf(state).chats.find((c) => c.id === chatId);
  if (!thread) throw new Error(`recallChatMessage: no chat ${chatId}`);
  const before = thread.messages.length;
  thread.messages = thread.messages.filter((m) => m.id !== messageId);
  if (thread.messages.length === before) throw new Error(`recallChatMessage: no message ${messageId} in chat ${chatId}`);
}

/** The sender recalls a mail (撤回邮件): it is gone from every folder, 已删除 included. */
export function recallMail(state: PhoneState, mailId: string): void {
  const mail = mailOf(state);
  const before = mail.mails.length;
  mail.mails = mail.mails.filter((m) => m.id !== mailId);
  if (mail.mails.length === before) throw new Error(`recallMail: no mail ${mailId}`);
}
