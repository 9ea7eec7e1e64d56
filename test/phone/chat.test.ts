import { describe, expect, it } from 'vitest';
import * as rules from '../../simulator-apps/chat/logic.ts';
import { chatRouteStack, parseChatPath } from '../../simulator-apps/chat/routes.ts';
import { createChatState } from '../../simulator-apps/chat/seed.ts';
import { deliverIncoming, shareTargets, shareToChat } from '../../simulator-apps/chat/share.ts';
import { acceptTransfer, checkTransfer, sendTransfer } from '../../simulator-apps/chat/transfer.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { Rng } from '../../simulator-apps/shared/rng.ts';

const NOW = Date.UTC(2026, 2, 14, 2, 30);
const phone = (seed = 5) => structuredClone(createInitialState(seed));
const fresh = (seed = 5): { chat: ChatState; wallet: WalletState } => {
  const s = phone(seed);
  return { chat: s.apps.chat as unknown as ChatState, wallet: s.apps.wallet as unknown as WalletState };
};

describe('chat seed (groups, moments, transfers)', () => {
  it('is deterministic, differs between seeds, and stays small and valid', () => {
    const a = JSON.stringify(createChatState(new Rng(11), { now: NOW, timezone: 'Asia/Shanghai' }));
    const b = JSON.stringify(createChatState(new Rng(11), { now: NOW, timezone: 'Asia/Shanghai' }));
    const c = JSON.stringify(createChatState(new Rng(12), { now: NOW, timezone: 'Asia/Shanghai' }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = fresh(seed).chat;
      expect(rules.validateChatState(s)).toBeNull();
      expect(JSON.stringify(s).length).toBeLessThan(150_000);
      expect(s.groups).toHaveLength(6);
      expect(s.groups.some((g) => g.ownerId === 'me')).toBe(true);
      expect(s.groups.some((g) => g.ownerId !== 'me')).toBe(true);
      expect(s.moments.length).toBeGreaterThanOrEqual(38);
      expect(s.moments.filter((m) => m.authorId === 'me')).toHaveLength(3);
      const pending = s.chats.flatMap((ch) => ch.messages.filter((m) => m.transfer?.status === 'pending' && m.from !== 'me'));
      expect(pending).toHaveLength(2);
      const ids = rules.allThreads(s).flatMap((t) => t.messages.map((m) => m.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('validate names the bad field', () => {
    const s = fresh().chat;
    expect(rules.validateChatState({ ...s, groups: {} })).toMatch(/groups must be an array/);
    const bad = structuredClone(s);
    bad.moments[0].visibility = 'friends' as never;
    expect(rules.validateChatState(bad)).toMatch(/moments\[0\]\.visibility/);
    const bad2 = structuredClone(s);
    bad2.chats[0].messages[0].transfer = { amount: 1.5, note: '', status: 'pending', billId: '' };
    expect(rules.validateChatState(bad2)).toMatch(/chats\[0\]\.messages\[0\]\.transfer\.amount/);
    const bad3 = structuredClone(s);
    bad3.groups[0].members.push('me');
    expect(rules.validateChatState(bad3)).toMatch(/groups\[0\]\.members/);
  });
});

describe('share.ts', () => {
  it('lists chats and groups by recency', () => {
    const { chat } = fresh();
    const targets = shareTargets(chat);
    expect(targets.length).toBe(chat.chats.length + chat.groups.length);
    expect(targets.some((t) => t.isGroup && t.memberAvatars.length > 1)).toBe(true);
    const times = targets.map((t) => rules.lastActivity(rules.findThread(chat, t.chatId)!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('appends a card message from me that moves the chat to the top; draft and unread stay', () => {
    const { chat } = fresh();
    const g = chat.groups[3];
    g.draft = '草稿';
    const unread = g.unread;
    const id = shareToChat(chat, { chatId: g.id, card: { app: 'wallet', title: ' 一张卡片 ', subtitle: '副标题', ref: '/bills' }, now: NOW + 1000 });
    const m = g.messages.at(-1)!;
    expect(m).toMatchObject({ id, from: 'me', time: NOW + 1000, card: { app: 'wallet', title: '一张卡片', subtitle: '副标题', ref: '/bills' } });
    expect(g.draft).toBe('草稿');
    expect(g.unread).toBe(unread);
    expect(shareTargets(chat)[0].chatId).toBe(g.id);
    expect(() => shareToChat(chat, { chatId: 'c_99', card: { app: 'x', title: 't', subtitle: '', ref: '' }, now: NOW })).toThrow(/no chat/);
    expect(rules.validateChatState(chat)).toBeNull();
  });

  it('delivers an incoming message with unread + 1, only from the chat contact or a member', () => {
    const { chat } = fresh();
    const c = chat.chats[0];
    const before = c.unread;
    deliverIncoming(chat, { chatId: c.id, from: c.contactId, text: '在吗', now: NOW });
    expect(c.unread).toBe(before + 1);
    expect(c.messages.at(-1)).toMatchObject({ from: c.contactId, text: '在吗' });
    const other = chat.contacts.find((x) => x.id !== c.contactId)!;
    expect(() => deliverIncoming(chat, { chatId: c.id, from: other.id, text: 'x', now: NOW })).toThrow(/not in chat/);
    const g = chat.groups[0];
    deliverIncoming(chat, { chatId: g.id, from: g.members[1], text: '收到', now: NOW });
    expect(g.messages.at(-1)!.from).toBe(g.members[1]);
  });
});

describe('groups', () => {
  it('creates a group of me and ≥2 contacts, owned by me', () => {
    const { chat } = fresh();
    const [a, b] = chat.contacts;
    expect(() => rules.createGroup(chat, [a.id])).toThrow(/at least two/);
    const g = rules.createGroup(chat, [a.id, b.id]);
    expect(g).toMatchObject({ id: 'g_07', ownerId: 'me', members: [a.id, b.id], messages: [] });
    expect(g.name).toContain(chat.me.name);
  });

  it('renames, sets my nickname and the announcement (trimmed); an empty name is refused', () => {
    const { chat } = fresh();
    const g = chat.groups[0];
    rules.renameGroup(chat, g.id, ' 新名字 ');
    rules.setGroupNickname(chat, g.id, ' 小林 ');
    rules.setAnnouncement(chat, g.id, '公告 ');
    expect(g).toMatchObject({ name: '新名字', myNickname: '小林', announcement: '公告' });
    expect(rules.memberName(chat, g, 'me')).toBe('小林');
    expect(() => rules.renameGroup(chat, g.id, '  ')).toThrow(/empty/);
  });

  it('lets only the owner remove members; anyone adds', () => {
    const { chat } = fresh();
    const mine = chat.groups.find((g) => g.ownerId === 'me')!;
    const theirs = chat.groups.find((g) => g.ownerId !== 'me')!;
    const victim = mine.members[0];
    rules.removeMember(chat, mine.id, victim);
    expect(mine.members).not.toContain(victim);
    const before = structuredClone(theirs);
    expect(() => rules.removeMember(chat, theirs.id, theirs.members[1])).toThrow(/owner/);
    expect(theirs).toEqual(before);
    const outsider = chat.contacts.find((c) => !theirs.members.includes(c.id))!;
    rules.addMembers(chat, theirs.id, [outsider.id, outsider.id]);
    expect(theirs.members.filter((m) => m === outsider.id)).toHaveLength(1);
    rules.leaveGroup(chat, theirs.id);
    expect(rules.findGroup(chat, theirs.id)).toBeUndefined();
  });

  it('sends to a group like to a chat, and previews the sender name', () => {
    const { chat } = fresh();
    const g = chat.groups[2];
    expect(rules.threadPreview(chat, g).text).toContain(': ');
    const m = rules.sendToThread(chat, g.id, ' 大家好 ', NOW)!;
    expect(m).toMatchObject({ from: 'me', text: '大家好' });
    expect(g.unread).toBe(0);
    expect(rules.nextMessageId(chat)).not.toBe(m.id);
  });
});

describe('moments', () => {
  it('likes and unlikes', () => {
    const { chat } = fresh();
    const m = chat.moments[0];
    m.likes = m.likes.filter((x) => x !== 'me');
    expect(rules.toggleLike(chat, m.id)).toBe(true);
    expect(m.likes.at(-1)).toBe('me');
    expect(rules.toggleLike(chat, m.id)).toBe(false);
    expect(m.likes).not.toContain('me');
  });

  it('comments, replies, deletes only my comments; blank text is refused', () => {
    const { chat } = fresh();
    const m = chat.moments.find((x) => x.authorId !== 'me')!;
    const c = rules.addComment(chat, { momentId: m.id, text: ' 好看 ', replyTo: '', now: NOW })!;
    expect(c).toMatchObject({ from: 'me', replyTo: '', text: '好看', time: NOW });
    const r = rules.addComment(chat, { momentId: m.id, text: '哈哈', replyTo: m.authorId, now: NOW })!;
    expect(r.replyTo).toBe(m.authorId);
    expect(rules.addComment(chat, { momentId: m.id, text: ' ', replyTo: '', now: NOW })).toBeNull();
    rules.deleteComment(chat, m.id, c.id);
    expect(m.comments.find((x) => x.id === c.id)).toBeUndefined();
    const theirs = chat.moments.flatMap((x) => x.comments.map((k) => ({ x, k }))).find(({ k }) => k.from !== 'me');
    if (theirs) expect(() => rules.deleteComment(chat, theirs.x.id, theirs.k.id)).toThrow();
  });

  it('posts and deletes my moment; others are not deletable; feed is newest first', () => {
    const { chat } = fresh();
    expect(rules.postMoment(chat, { text: ' ', images: [], visibility: 'public', now: NOW })).toBeNull();
    const m = rules.postMoment(chat, { text: '你好', images: [{ from: '#fff', to: '#000', glyph: '山' }], visibility: 'private', now: NOW + 60_000 })!;
    expect(rules.momentFeed(chat.moments)[0].id).toBe(m.id);
    expect(rules.momentFeed(chat.moments, 'me').every((x) => x.authorId === 'me')).toBe(true);
    const other = chat.moments.find((x) => x.authorId !== 'me')!;
    expect(() => rules.deleteMoment(chat, other.id)).toThrow(/own/);
    rules.deleteMoment(chat, m.id);
    expect(rules.findMoment(chat, m.id)).toBeUndefined();
  });

  it('formats ages', () => {
    const f = () => '3月1日';
    expect(rules.momentAge(NOW, NOW + 30_000, f)).toBe('刚刚');
    expect(rules.momentAge(NOW, NOW + 5 * 60_000, f)).toBe('5分钟前');
    expect(rules.momentAge(NOW, NOW + 3 * 3_600_000, f)).toBe('3小时前');
    expect(rules.momentAge(NOW, NOW + 30 * 3_600_000, f)).toBe('昨天');
    expect(rules.momentAge(NOW, NOW + 10 * 86_400_000, f)).toBe('3月1日');
  });
});

describe('transfers through the wallet', () => {
  it('debits the wallet, writes an out bill and a pending transfer message', () => {
    const { chat, wallet } = fresh();
    const c = chat.chats.find((x) => !x.messages.some((m) => m.transfer))!;
    const contact = chat.contacts.find((x) => x.id === c.contactId)!;
    const balance = wallet.balance;
    const r = sendTransfer(chat, wallet, { chatId: c.id, amount: 1234, note: ' 饭钱 ', password: wallet.payPassword, now: NOW });
    expect(r.ok).toBe(true);
    expect(wallet.balance).toBe(balance - 1234);
    expect(wallet.bills.at(-1)).toMatchObject({ direction: 'out', category: '转账', amount: 1234, counterparty: rules.displayName(contact), note: '饭钱' });
    expect(c.messages.at(-1)).toMatchObject({ from: 'me', transfer: { amount: 1234, note: '饭钱', status: 'pending', billId: wallet.bills.at(-1)!.id } });
  });

  it('refuses a wrong password, too much money, bad amounts: nothing changes', () => {
    const { chat, wallet } = fresh();
    const c = chat.chats[0];
    const before = JSON.stringify({ chat, wallet });
    expect(sendTransfer(chat, wallet, { chatId: c.id, amount: 100, note: '', password: '000000' === wallet.payPassword ? '111111' : '000000', now: NOW })).toEqual({ ok: false, reason: 'password' });
    expect(sendTransfer(chat, wallet, { chatId: c.id, amount: wallet.balance + 1, note: '', password: wallet.payPassword, now: NOW })).toEqual({ ok: false, reason: 'balance' });
    expect(sendTransfer(chat, wallet, { chatId: c.id, amount: 0, note: '', password: wallet.payPassword, now: NOW })).toEqual({ ok: false, reason: 'amount' });
    expect(sendTransfer(chat, wallet, { chatId: 'c_99', amount: 1, note: '', password: wallet.payPassword, now: NOW })).toEqual({ ok: false, reason: 'chat' });
    expect(sendTransfer(chat, undefined, { chatId: c.id, amount: 1, note: '', password: '', now: NOW })).toEqual({ ok: false, reason: 'wallet' });
    expect(JSON.stringify({ chat, wallet })).toBe(before);
    expect(checkTransfer(wallet, wallet.balance)).toBeNull();
    expect(checkTransfer(wallet, wallet.balance + 1)).toBe('balance');
  });

  it('accepts a pending incoming transfer once: balance up, an in bill, status accepted', () => {
    const { chat, wallet } = fresh();
    const c = chat.chats.find((x) => x.messages.some((m) => m.transfer && m.from !== 'me'))!;
    const m = c.messages.find((x) => x.transfer)!;
    const balance = wallet.balance;
    const r = acceptTransfer(chat, wallet, { chatId: c.id, messageId: m.id, now: NOW });
    expect(r.ok).toBe(true);
    expect(wallet.balance).toBe(balance + m.transfer!.amount);
    expect(wallet.bills.at(-1)).toMatchObject({ direction: 'in', category: '转账', amount: m.transfer!.amount });
    expect(m.transfer).toMatchObject({ status: 'accepted', billId: wallet.bills.at(-1)!.id });
    const again = JSON.stringify(wallet);
    expect(acceptTransfer(chat, wallet, { chatId: c.id, messageId: m.id, now: NOW })).toEqual({ ok: false, reason: 'transfer' });
    expect(JSON.stringify(wallet)).toBe(again);
  });
});

describe('routes', () => {
  it('parses the new screens and gives deep links a stack', () => {
    expect(parseChatPath('/discover')).toEqual({ screen: 'discover' });
    expect(parseChatPath('/chat/g_02/settings')).toEqual({ screen: 'groupSettings', groupId: 'g_02' });
    expect(parseChatPath('/chat/c_02/settings')).toEqual({ screen: 'chatSettings', chatId: 'c_02' });
    expect(parseChatPath('/chat/g_02/nickname')).toEqual({ screen: 'groupEdit', groupId: 'g_02', field: 'nickname' });
    expect(parseChatPath('/chat/c_03/transfer/m_00012')).toEqual({ screen: 'transferDetail', chatId: 'c_03', messageId: 'm_00012' });
    expect(chatRouteStack('/chat/g_02/name')).toEqual(['/chats', '/chat/g_02', '/chat/g_02/settings', '/chat/g_02/name']);
    expect(chatRouteStack('/moments/new')).toEqual(['/discover', '/moments', '/moments/new']);
    expect(chatRouteStack('/moments/user/u_003')).toEqual(['/contacts', '/contact/u_003', '/moments/user/u_003']);
  });
});
