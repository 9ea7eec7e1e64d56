/**
 * 转账 in a one-to-one chat, paid from the wallet's balance (`state.apps.wallet`). Pure functions
 * over the two slices, called inside ONE `phone.update` so the wallet debit, its bill and the chat's
 * transfer message land in the same revision. Refusals return a reason and change nothing.
 * Uses the wallet's own rules (`checkAmount`, `passwordMatches`, `bookOnBalance`); the wallet's files
 * are not edited.
 */
import { moneyText } from '../shared/money.ts';
import { bookOnBalance, checkAmount, passwordMatches, type PaymentRefusal } from '../wallet/logic.ts';
import type { WalletState } from '../wallet/types.ts';
import { displayName, findChat, findContact, nextMessageId } from './logic.ts';
import type { ChatState, Message } from './types.ts';

export type TransferRefusal = PaymentRefusal | 'wallet' | 'chat' | 'transfer';

export type TransferResult = { ok: true; messageId: string; billId: string } | { ok: false; reason: TransferRefusal };

export const TRANSFER_REFUSAL_TEXT: Record<TransferRefusal, string> = {
  password: '支付密码错误，请重试',
  balance: '零钱余额不足',
  amount: '请输入正确的金额',
  payee: '收款人不存在',
  order: '无法支付',
  wallet: '未开通钱包',
  chat: '该聊天不存在',
  transfer: '该转账无法收款',
};

/** The message text of a transfer (what the list previews). */
export function transferText(amount: number): string {
  return `[转账] ¥${moneyText(amount)}`;
}

/** Checked before the password is asked: an amount the balance cannot cover is refused up front. */
export function checkTransfer(wallet: Pick<WalletState, 'balance'> | undefined, amount: number): TransferRefusal | null {
  if (!wallet) return 'wallet';
  return checkAmount(wallet, amount);
}

/** Sends `amount` fen to the chat's contact: balance − amount, an 'out' 转账 bill, a pending transfer message from me. */
export function sendTransfer(
  chat: ChatState,
  wallet: WalletState | undefined,
  req: { chatId: string; amount: number; note: string; password: string; now: number },
): TransferResult {
  if (!wallet) return { ok: false, reason: 'wallet' };
  const thread = findChat(chat, req.chatId);
  const contact = thread && findContact(chat, thread.contactId);
  if (!thread || !contact) return { ok: false, reason: 'chat' };
  const bad = checkAmount(wallet, req.amount);
  if (bad) return { ok: false, reason: bad };
  if (!passwordMatches(wallet, req.password)) return { ok: false, reason: 'password' };
  const note = req.note.trim();
  const bill = bookOnBalance(wallet, { time: req.now, amount: req.amount, direction: 'out', category: '转账', counterparty: displayName(contact), note });
  const message: Message = {
    id: nextMessageId(chat),
    from: 'me',
    text: transferText(req.amount),
    time: req.now,
    transfer: { amount: req.amount, note, status: 'pending', billId: bill.id },
  };
  thread.messages.push(message);
  thread.unread = 0;
  return { ok: true, messageId: message.id, billId: bill.id };
}

/** 收款: a pending transfer from the contact is credited to the balance with an 'in' 转账 bill; the message becomes 已收款. */
export function acceptTransfer(chat: ChatState, wallet: WalletState | undefined, req: { chatId: string; messageId: string; now: number }): TransferResult {
  if (!wallet) return { ok: false, reason: 'wallet' };
  const thread = findChat(chat, req.chatId);
  const contact = thread && findContact(chat, thread.contactId);
  if (!thread || !contact) return { ok: false, reason: 'chat' };
  const message = thread.messages.find((m) => m.id === req.messageId);
  const t = message?.transfer;
  if (!message || !t || message.from === 'me' || t.status !== 'pending') return { ok: false, reason: 'transfer' };
  const bill = bookOnBalance(wallet, { time: req.now, amount: t.amount, direction: 'in', category: '转账', counterparty: displayName(contact), note: t.note });
  t.status = 'accepted';
  t.billId = bill.id;
  return { ok: true, messageId: message.id, billId: bill.id };
}

/** Pending transfers sent to me, oldest first. */
export function pendingIncoming(chat: ChatState): { chatId: string; message: Message }[] {
  const out: { chatId: string; message: Message }[] = [];
  for (const c of chat.chats) for (const m of c.messages) if (m.transfer && m.from !== 'me' && m.transfer.status === 'pending') out.push({ chatId: c.id, message: m });
  return out;
}
