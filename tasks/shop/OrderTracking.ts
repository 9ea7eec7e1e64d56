import { defineTask } from '../../bridge/tasks/api.ts';
import { moneyText, openOrder, orderOf, orderParam, type OrderParams } from './_helpers.ts';

/** 订单详情 of a 待收货 order: the courier, the tracking number and what was paid. */
export default defineTask<OrderParams>({
  goal: (p) => `我在优选买的「${p.title}」还没到，它是哪家快递、运单号是多少、实付了多少钱？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['orders'],
  params: {
    ...orderParam((o) => o.status === 'shipped' && o.tracking !== null),
  },
  answer: {
    fields: [
      { id: 'company', label: '快递公司', type: 'text' },
      { id: 'number', label: '运单号', type: 'text' },
      { id: 'total', label: '实付金额（元）', type: 'number' },
    ],
    expected: (p, input) => {
      const o = orderOf(input.init, p.orderId)!;
      return { company: o.tracking!.company, number: o.tracking!.number, total: { number: o.total / 100, tolerance: 0.001 } };
    },
  },
  async oracle(ui, p) {
    await openOrder(ui, p.orderId);
    const company = ui.find('shop.order.courier')?.text ?? '';
    const number = ui.find('shop.order.trackingNo')?.text ?? '';
    // The amount paid sits below the goods: on a larger display size it is below the fold.
    const total = (await ui.scrollTo('shop.order.total')).text.replace('¥', '');
    const o = orderOf(ui.state, p.orderId)!;
    if (company !== o.tracking!.company || number !== o.tracking!.number || total !== moneyText(o.total)) throw new Error(`the order shows ${company} ${number} ${total}`);
    return { company, number, total };
  },
});
