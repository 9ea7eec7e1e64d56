import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addedRecords } from '../_shared/records.ts';
import { oneAdded } from '../_shared/criteria.ts';
import { foodOf, openFoodTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
  phone: string;
  address: string;
  room: string;
}

/** 我的 → 我的收货地址 → 新增: a new address with its contact, number, address and 门牌号 (not the default). */
export default defineTask<P>({
  goal: (p) => `在饭来外卖新增一个收货地址：联系人${p.name}，手机号${p.phone}，地址“${p.address}”，门牌号“${p.room}”。不用设为默认。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['food'],
  startApp: 'food',
  tags: ['address', 'create'],
  params: {
    name: { type: 'enum', values: ['何思雨', '梁嘉树', '宋一鸣'] },
    phone: { type: 'string', pattern: '1(3[5-9]|5[0-3]|8[6-9])\\d{8}' },
    address: { type: 'enum', values: ['上城区 清泰街 96号 望江大厦', '西湖区 天目山路 218号 华星创业园', '拱墅区 莫干山路 100号 耀江大楼'] },
    room: { type: 'enum', values: ['15楼1502', '8号楼301', 'A座前台'] },
  },
  checkGoals: (input, p) =>
    oneAdded('exactly one new address', addedRecords(foodOf(input.init).addresses, foodOf(input.final).addresses), (a) => [
      criteria.equals('its contact and number', a ? `${a.name} ${a.phone}` : null, `${p.name} ${p.phone}`),
      criteria.equals('its address and 门牌号', a ? `${a.address} / ${a.room}` : null, `${p.address} / ${p.room}`),
      criteria.equals('it is not the default', a?.isDefault ?? null, false),
    ]),
  expectedChanges: () => ['apps.food.addresses[*]'],
  async oracle(ui, p) {
    await openFoodTab(ui, '/me');
    await ui.tap('food.me.addresses');
    await ui.tap('food.address.add');
    await ui.type('food.addr.name', p.name);
    await ui.type('food.addr.phone', p.phone);
    await ui.type('food.addr.address', p.address);
    await ui.type('food.addr.room', p.room);
    await ui.tap('food.addr.save');
  },
});
