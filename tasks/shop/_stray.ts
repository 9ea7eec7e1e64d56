/**
 * 优选's stray change for `phonegym verify` (docs/verify.md): a small edit no shop task asks for,
 * made through the UI from whatever screen the oracle ended on. No shop task reads or writes the
 * detail of an address that is not the default one (orders copy the default address; 新增地址
 * adds a new record).
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { ShopState } from '../../simulator-apps/shop/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';

const SHOP: StrayApp<ShopState> = { app: 'shop', has: (s) => Array.isArray(s.addresses) };

/** Walks back to the shop's tabs (reopening the app if back leaves it; sheets and dialogs close), then 我的. */
async function toShopMe(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'shop', "the shop's tabs", () => {
    if (ui.route.app !== 'shop') return 'open';
    return !ui.find('shop.tab.me') || overlaid(ui, ['dialog']) ? 'back' : null;
  });
  if (ui.route.path !== '/me') await ui.tap('shop.tab.me');
}

export const STRAY_ADDRESS_SUFFIX = '（校验用）';

/** 我的 → 收货地址 → ✎ on a non-default address → 详细地址 + a suffix → 保存. */
const addressDetail = sliceStray(SHOP, 'shop.addressDetail', (shop) => {
  const a = shop.addresses.find((x) => !x.isDefault);
  if (!a) return null;
  const id = a.id;
  const text = a.detail.endsWith(STRAY_ADDRESS_SUFFIX) ? a.detail.slice(0, -STRAY_ADDRESS_SUFFIX.length) : `${a.detail}${STRAY_ADDRESS_SUFFIX}`;
  return {
    path: `apps.shop.addresses[${id}].detail`,
    description: `我的 → 收货地址 → ${a.name} → 详细地址 "${text}"`,
    apply(draft) {
      draft.addresses.find((x) => x.id === id)!.detail = text;
    },
    async run(ui) {
      await toShopMe(ui);
      await ui.tap('shop.me.addresses');
      await ui.tap(`shop.address.edit.${id}`);
      await ui.type('shop.addr.detail', text, { clear: true });
      await ui.tap('shop.addr.save');
    },
  };
});

export const strays: StrayChange[] = [addressDetail];
