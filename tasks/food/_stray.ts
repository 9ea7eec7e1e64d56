/**
 * 饭来's stray change for `phonegym verify` (docs/verify.md): a small edit no food task asks for,
 * made through the UI from whatever screen the oracle ended on. No food task reads or writes the
 * 门牌号 of an address that is not the default one (orders copy the address they are sent to;
 * tasks that add or pick an address declare the list).
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { FoodState } from '../../simulator-apps/food/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';

const FOOD: StrayApp<FoodState> = { app: 'food', has: (s) => Array.isArray(s.addresses) };

/** Walks back to the app's tabs (reopening the app if back leaves it; sheets and dialogs close), then 我的. */
async function toFoodMe(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'food', "the food app's tabs", () => {
    if (ui.route.app !== 'food') return 'open';
    return !ui.find('food.tab.me') || overlaid(ui, ['dialog']) ? 'back' : null;
  });
  if (ui.route.path !== '/me') await ui.tap('food.tab.me');
}

export const STRAY_ROOM_SUFFIX = '（门卫处）';

/** 我的 → 我的收货地址 → ✎ on the last non-default address → 门牌号 + a suffix → 保存地址. */
const addressRoom = sliceStray(FOOD, 'food.addressRoom', (food) => {
  const a = [...food.addresses].reverse().find((x) => !x.isDefault);
  if (!a) return null;
  const id = a.id;
  const text = a.room.endsWith(STRAY_ROOM_SUFFIX) ? a.room.slice(0, -STRAY_ROOM_SUFFIX.length) : `${a.room}${STRAY_ROOM_SUFFIX}`;
  return {
    path: `apps.food.addresses[${id}].room`,
    description: `我的 → 我的收货地址 → ${a.address} → 门牌号 "${text}"`,
    apply(draft) {
      draft.addresses.find((x) => x.id === id)!.room = text;
    },
    async run(ui) {
      await toFoodMe(ui);
      await ui.tap('food.me.addresses');
      await ui.tap(`food.address.edit.${id}`);
      await ui.type('food.addr.room', text, { clear: true });
      await ui.tap('food.addr.save');
    },
  };
});

export const strays: StrayChange[] = [addressRoom];
