import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { REFUND_REASONS } from '../../simulator-apps/shop/data.ts';
import { SHOP_MERCHANT } from '../../simulator-apps/shop/logic.ts';
import { nextIds, openOrder, orderOf, orderParam, type OrderParams, shopOf, walletOf } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

/** The stock of an order line's sku. */
const stockOf = (state: Parameters<typeof orderOf>[0], it: { productId: string; skuId: string }) =>
  shopOf(state).products.find((x) => x.id === it.productId)?.skus.find((k) => k.id === it.skuId)?.stock ?? null;

interface P extends OrderParams {
  reason: string;
}

/** 申请退款 with a reason; the paid amount comes back to the wallet balance as an incoming 购物 bill. */
export default defineTask<P>({
  goal: (p) => `优选里「${p.title}」那笔订单我不要了，请申请退款，退款原因选“${p.reason}”。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['shop', 'wallet'],
  startApp: 'shop',
  tags: ['payment', 'cross-app', 'orders', 'refund'],
  params: {
    ...orderParam((o) => o.status === 'paid' || o.status === 'shipped' || o.status === 'completed'),
    reason: { type: 'enum', values: REFUND_REASONS.slice(0, 4) },
  },
  checkGoals(input, p) {
    const order = orderOf(input.final, p.orderId);
    const total = orderOf(input.init, p.orderId)!.total;
    const init = walletOf(input.init);
    const fin = walletOf(input.final);
    const { billId } = nextIds(input.init);
    const bills = fin.bills.filter((b) => !init.bills.some((x) => x.id === b.id));
    return [
      criteria.equals('the order is refunded', order?.status ?? null, 'refunded', `apps.shop.orders[${p.orderId}]`),
      criteria.equals('with the reason asked for', order?.refund?.reason ?? null, p.reason),
      exactlyOne('one new wallet bill', bills, `apps.wallet.bills[${billId}]`),
      criteria.equals('an incoming 购物 refund from 优选商城', bills[0] ? `${bills[0].direction}/${bills[0].category}/${bills[0].counterparty}/${bills[0].amount}` : null, `in/购物/${SHOP_MERCHANT}/${total}`),
      criteria.equals('the balance went up by the order total (fen)', fin.balance, init.balance + total, 'apps.wallet.balance'),
      ...orderOf(input.init, p.orderId)!.items.map((it) => {
        const path = `apps.shop.products[${it.productId}].skus[${it.skuId}].stock`;
        return criteria.equals(`${it.title} back in stock (+${it.qty})`, stockOf(input.final, it), (stockOf(input.init, it) ?? 0) + it.qty, path);
      }),
    ];
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    await ui.tap('shop.order.refund');
    const i = REFUND_REASONS.indexOf(p.reason as (typeof REFUND_REASONS)[number]);
    await ui.tap(`shop.refund.reason.${i}`);
    await ui.tap('shop.refund.submit');
    await ui.tap('dialog.confirm');
    if (ui.find('shop.order.status')?.text !== '已退款') throw new Error('the order does not show 已退款');
  },
});
