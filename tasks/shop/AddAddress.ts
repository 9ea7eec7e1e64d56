import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { nextId, openShopTab, shopOf } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

const PEOPLE = ['许嘉禾', '方若溪', '蒋天乐', '程一帆', '叶知秋'];
const PLACES: [string, string][] = [
  ['福建省 厦门市 思明区', '环岛路 12号 海韵公寓 6栋 1502'],
  ['山东省 青岛市 市南区', '香港中路 76号 2单元 801'],
  ['湖南省 长沙市 岳麓区', '麓山南路 932号 学府小区 3栋 402'],
  ['陕西省 西安市 雁塔区', '科技路 48号 创业大厦 1106'],
];

/** 新增收货地址 with every field and 设为默认; the old default is no longer the default. */
export default defineTask<P>({
  goal: (p) => `在优选添加一个新的收货地址并设为默认：收货人${p.name}，手机号${p.phone}，地区“${p.region}”，详细地址“${p.detail}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['shop'],
  startApp: 'shop',
  tags: ['addresses', 'form'],
  params: {
    name: { type: 'enum', values: PEOPLE },
    phone: { type: 'string', pattern: '1[3589]\\d{9}' },
    _place: { sampler: (_s, rng) => { const [region, detail] = rng.pick(PLACES); return { region, detail }; }, fields: { region: 'region', detail: 'detail' } },
  },
  checkGoals(input, p) {
    const id = nextId(shopOf(input.init).addresses.map((a) => a.id), 'a_', 2);
    const a = shopOf(input.final).addresses.find((x) => x.id === id);
    const oldDefault = shopOf(input.init).addresses.find((x) => x.isDefault)!;
    return [
      criteria.equals('the new address', a ? { name: a.name, phone: a.phone, region: a.region, detail: a.detail } : null, { name: p.name, phone: p.phone, region: p.region, detail: p.detail }, `apps.shop.addresses[${id}]`),
      criteria.equals('it is the default', a?.isDefault ?? null, true),
      criteria.equals('the old default is not', shopOf(input.final).addresses.find((x) => x.id === oldDefault.id)?.isDefault ?? null, false, `apps.shop.addresses[${oldDefault.id}].isDefault`),
    ];
  },
  async oracle(ui, p) {
    await openShopTab(ui, '/me');
    await ui.tap('shop.me.addresses');
    await ui.tap('shop.address.add');
    await ui.type('shop.addr.name', p.name);
    await ui.type('shop.addr.phone', p.phone);
    await ui.type('shop.addr.region', p.region);
    await ui.type('shop.addr.detail', p.detail);
    if (!ui.find('shop.addr.default')?.checked) await ui.tap('shop.addr.default');
    await ui.tap('shop.addr.save');
  },
});
