/**
 * 钱包 in a real Chromium through the real bridge: a transfer to a payee (an amount above the
 * balance is refused before any password; a wrong password clears the dots and changes nothing;
 * the right one debits the balance and writes the bill), and the bills filtered by category with
 * a summary that matches the state.
 */
import { expect, test } from '@playwright/test';
import { useBridge, openPhoneAt, find, tap, typeInto, readState } from './phonePage.ts';
import { walletOf } from '../../tasks/wallet/_helpers.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';

const bridge = useBridge();

test('a transfer: too much is refused, a wrong password changes nothing, the right one pays', async ({ browser }) => {
  const initial = createInitialState(8);
  const w0 = walletOf(initial);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-wallet-transfer', initial, { app: 'wallet', path: '/' });
  const payee = w0.payees[0]!;

  await tap(page, device, 'wallet.action.transfer');
  await tap(page, device, `wallet.payee.${payee.id}`);
  expect((await find(device, 'wallet.transfer.payee'))?.text).toContain(payee.name);
  // More than the balance: refused on the form, no password asked.
  await typeInto(page, device, 'wallet.transfer.amount', String(w0.balance / 100 + 1));
  await tap(page, device, 'wallet.transfer.submit');
  expect((await find(device, 'wallet.transfer.error'))?.text).toContain('余额不足');
  expect(await find(device, 'wallet.confirm')).toBeUndefined();

  await tap(page, device, 'wallet.transfer.amount');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('12.50');
  await typeInto(page, device, 'wallet.transfer.note', '午饭钱');
  await tap(page, device, 'wallet.transfer.submit');
  await tap(page, device, 'wallet.confirm.pay');
  const wrong = w0.payPassword === '000000' ? '111111' : '000000';
  for (const d of wrong) await tap(page, device, `wallet.key.${d}`);
  expect((await find(device, 'wallet.pin.error'))?.text).toContain('支付密码错误');
  const unchanged = await readState(device);
  expect(walletOf(unchanged.state).balance).toBe(w0.balance);
  expect(walletOf(unchanged.state).bills).toHaveLength(w0.bills.length);

  for (const d of w0.payPassword) await tap(page, device, `wallet.key.${d}`);
  expect((await find(device, 'wallet.done.amount'))?.text).toContain('12.50');
  const { state, route } = await readState(device);
  const w = walletOf(state);
  expect(w.balance).toBe(w0.balance - 1250);
  expect(w.bills.at(-1)).toMatchObject({ direction: 'out', category: '转账', counterparty: payee.name, note: '午饭钱', amount: 1250 });
  expect(route.path).toBe(`/transfer/done/${w.bills.at(-1)!.id}`);
  await close();
});

test('bills by category: the list and its summary match the state', async ({ browser }) => {
  const initial = createInitialState(9);
  const { page, device, close } = await openPhoneAt(bridge(), browser, 'e2e-wallet-bills', initial, { app: 'wallet', path: '/' });
  await tap(page, device, 'wallet.action.bills');
  await tap(page, device, 'wallet.bills.month');
  await tap(page, device, 'wallet.bills.month.all');
  await tap(page, device, 'wallet.bills.category');
  await tap(page, device, 'wallet.bills.cat.餐饮');
  const { route } = await readState(device);
  expect(route.path).toContain('cat=');
  const dining = walletOf(initial).bills.filter((b) => b.category === '餐饮');
  expect(dining.length).toBeGreaterThan(0);
  expect((await find(device, 'wallet.bills.summary'))?.text).toContain(`共${dining.length}笔`);
  await close();
});
