/**
 * Stray changes in the shop (优选): small edits no shop task asks for, made through the UI from
 * whatever screen the oracle ended on. No shop task reads or writes the detail of an address
 * that is not the default one (orders copy the default address; 新增地址 adds a new record).
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import type { ShopState } from '../../../simulator-apps/shop/types.ts';

function shopOf(state: PhoneState): ShopState | null {
  const s = state.apps?.shop as unknown as ShopState | undefined;
  return s && Array.isArray(s.addresses) ? s : null;
}

/** Dismisses sheets and dialogs, walks back to the shop's tabs (reopening the app if back leaves it), then 我的. */
async function toShopMe(ui: OracleUi): Promise<void> {
  for (let i = 0; i < 16; i++) {
    if (ui.route.app !== 'shop') await ui.openApp('shop');
    else if (!ui.find('shop.tab.me') || ui.tree.some((n) => n.role === 'dialog')) await ui.back();
    else {
      if (ui.route.path !== '/me') await ui.tap('shop.tab.me');
      return;
    }
  }
  throw new Error(`stray change: could not get back to the shop's tabs (route ${ui.route.app}${ui.route.path})`);
}

export const STRAY_ADDRESS_SUFFIX = '（校验用）';

/** 我的 → 收货地址 → ✎ on a non-default address → 详细地址 + a suffix → 保存. */
export const shopAddressDetail: StrayChange = {
  id: 'shop.addressDetail',
  app: 'shop',
  plan(state) {
    const shop = shopOf(state);
    const a = shop?.addresses.find((x) => !x.isDefault);
    if (!shop || !a) return null;
    const id = a.id;
    const text = a.detail.endsWith(STRAY_ADDRESS_SUFFIX) ? a.detail.slice(0, -STRAY_ADDRESS_SUFFIX.length) : `${a.detail}${STRAY_ADDRESS_SUFFIX}`;
    return {
      path: `apps.shop.addresses[${id}].detail`,
      description: `我的 → 收货地址 → ${a.name} → 详细地址 "${text}"`,
      apply(draft) {
        shopOf(draft)!.addresses.find((x) => x.id === id)!.detail = text;
      },
      async run(ui) {
        await toShopMe(ui);
        await ui.tap('shop.me.addresses');
        await ui.tap(`shop.address.edit.${id}`);
        await ui.type('shop.addr.detail', text, { clear: true });
        await ui.tap('shop.addr.save');
      },
    };
  },
};

export const shopStray: StrayChange[] = [shopAddressDetail];
