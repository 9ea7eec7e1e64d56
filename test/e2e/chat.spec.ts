/**
 * 轻聊's groups, moments and transfers in a real Chromium through the real bridge: group settings
 * rename + a group message; 朋友圈 like and comment; 转账 with the wallet's password sheet (a wrong
 * password refuses and changes nothing; the right one debits the wallet and posts the transfer).
 */
import { expect, test, type Browser } from '@playwright/test';
import type { PhoneState, Route } from '../../bridge/protocol/state.ts';
import { onPhone, openPhoneAt, useBridge, type Phone } from './phonePage.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import type { ChatState } from '../../simulator-apps/chat/types.ts';
import type { WalletState } from '../../simulator-apps/wallet/types.ts';

const bridge = useBridge();
const { find, tap, typeInto } = onPhone;
const openPhone = (browser: Browser, id: string, state: PhoneState, route: Route) => openPhoneAt(bridge(), browser, id, state, route);

async function state(p: Phone): Promise<{ chat: ChatState; wallet: WalletState; route: Route; revision: number }> {
  const r = await p.device.call('getState', {});
  const s = JSON.parse(r.json) as PhoneState;
  const revision = await p.page.evaluate(() => (window as unknown as { __phonegym: { revision: number } }).__phonegym.revision);
  return { chat: s.apps.chat as unknown as ChatState, wallet: s.apps.wallet as unknown as WalletState, route: r.route, revision };
}

test('group settings: rename the group, then send a message in it', async ({ browser }) => {
  const init = createInitialState(4);
  const group = (init.apps.chat as unknown as ChatState).groups[1];
  const p = await openPhone(browser, 'e2e-chat-group', init, { app: 'chat', path: '/chats' });
  try {
    await tap(p, `chat.item.${group.id}`);
    await tap(p, 'chat.more');
    expect((await find(p, 'group.count'))?.text).toContain(`${group.members.length + 1}人`);
    await tap(p, 'group.name');
    await tap(p, 'group.edit.input.clear');
    await typeInto(p, 'group.edit.input', '春季冲刺群');
    await tap(p, 'group.edit.save');
    expect((await find(p, 'group.name'))?.text).toContain('春季冲刺群');
    await p.device.call('navigate', { key: 'back' });
    expect((await find(p, 'topbar.title'))?.text).toBe(`春季冲刺群(${group.members.length + 1})`);
    await typeInto(p, 'chat.input', '大家辛苦了');
    await tap(p, 'chat.send');
    const s = await state(p);
    const g = s.chat.groups.find((x) => x.id === group.id)!;
    expect(g.name).toBe('春季冲刺群');
    expect(g.messages.at(-1)).toMatchObject({ from: 'me', text: '大家辛苦了' });
  } finally {
    await p.close();
  }
});

test('moments: like the newest moment, then comment on it', async ({ browser }) => {
  const init = createInitialState(6);
  const chat = init.apps.chat as unknown as ChatState;
  const newest = chat.moments.slice().sort((a, b) => b.time - a.time)[0];
  // Keep the first card short so its 两点 button is on screen without scrolling.
  newest.images = [];
  newest.likes = newest.likes.filter((x) => x !== 'me');
  const p = await openPhone(browser, 'e2e-chat-moments', init, { app: 'chat', path: '/discover' });
  try {
    await tap(p, 'discover.moments');
    await tap(p, `moment.more.${newest.id}`);
    await tap(p, 'moment.like');
    expect((await find(p, `moment.likes.${newest.id}`))?.text).toContain(chat.me.name);
    await tap(p, `moment.more.${newest.id}`);
    await tap(p, 'moment.comment');
    await p.page.keyboard.type('拍得真好');
    await tap(p, 'moment.send');
    const s = await state(p);
    const m = s.chat.moments.find((x) => x.id === newest.id)!;
    expect(m.likes).toContain('me');
    expect(m.comments.at(-1)).toMatchObject({ from: 'me', replyTo: '', text: '拍得真好' });
    // Back closes nothing left open and leaves the feed for 发现.
    await p.device.call('navigate', { key: 'back' });
    expect(s.route.path).toBe('/moments');
    expect((await state(p)).route.path).toBe('/discover');
  } finally {
    await p.close();
  }
});

test('transfer: a wrong password changes nothing; the right one debits the wallet and posts the transfer', async ({ browser }) => {
  const init = createInitialState(8);
  const chat = init.apps.chat as unknown as ChatState;
  const wallet = init.apps.wallet as unknown as WalletState;
  const target = chat.chats.find((c) => !c.messages.some((m) => m.transfer))!;
  const p = await openPhone(browser, 'e2e-chat-transfer', init, { app: 'chat', path: `/chat/${target.id}` });
  try {
    await tap(p, 'chat.plus.panel');
    await tap(p, 'chat.panel.transfer');
    await typeInto(p, 'transfer.amount', '12.50');
    await typeInto(p, 'transfer.note', '午饭钱');
    await tap(p, 'transfer.submit');
    const before = await state(p);
    const wrong = wallet.payPassword === '000000' ? '111111' : '000000';
    for (const d of wrong) await tap(p, `wallet.key.${d}`);
    expect((await find(p, 'wallet.pin.error'))?.text).toContain('支付密码错误');
    const refused = await state(p);
    expect(refused.revision).toBe(before.revision);
    expect(refused.wallet.balance).toBe(wallet.balance);
    for (const d of wallet.payPassword) await tap(p, `wallet.key.${d}`);
    const s = await state(p);
    expect(s.route.path).toBe(`/chat/${target.id}`);
    expect(s.wallet.balance).toBe(wallet.balance - 1250);
    expect(s.wallet.bills.at(-1)).toMatchObject({ direction: 'out', category: '转账', amount: 1250, note: '午饭钱' });
    const m = s.chat.chats.find((c) => c.id === target.id)!.messages.at(-1)!;
    expect(m).toMatchObject({ from: 'me', transfer: { amount: 1250, note: '午饭钱', status: 'pending', billId: s.wallet.bills.at(-1)!.id } });
    expect((await find(p, `chat.message.${m.id}`))?.text).toContain('¥12.50');
  } finally {
    await p.close();
  }
});
