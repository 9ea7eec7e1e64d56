import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { setSwitch } from '../_shared/ui.ts';
import { foodOf, openFoodTab } from './_helpers.ts';

interface P extends Record<string, unknown> {
  addressId: string;
  place: string;
  others: string[];
}

/** Another address becomes the default (the old default stops being one). */
export default defineTask<P>({
  goal: (p) => `把饭来外卖里“${p.place}”这个收货地址设为默认地址。`,
  difficulty: 'L1',
  objective: 'action',
  apps: ['food'],
  startApp: 'food',
  tags: ['address'],
  params: {
    ...spreadParam('_address', ['addressId', 'place', 'others'], (state, rng) => {
      const list = foodOf(state).addresses;
      const a = rng.pick(list.filter((x) => !x.isDefault));
      return { addressId: a.id, place: a.address.split(' ').slice(-1)[0], others: list.filter((x) => x.id !== a.id).map((x) => x.id) };
    }),
  },
  criteria: (p) => Object.fromEntries([[`apps.food.addresses[${p.addressId}].isDefault`, true], ...p.others.map((id) => [`apps.food.addresses[${id}].isDefault`, false])]),
  async oracle(ui, p) {
    await openFoodTab(ui, '/me');
    await ui.tap('food.me.addresses');
    await ui.tap(`food.address.edit.${p.addressId}`);
    await setSwitch(ui, 'food.addr.default', true);
    await ui.tap('food.addr.save');
  },
});
