/**
 * The shop app's slice of the phone state: `state.apps.shop`. Plain JSON only; money is always
 * an integer number of fen (分). Documented field by field in ./README.md.
 */
export const SHOP_CATEGORIES = ['数码', '家电', '服饰', '美妆', '食品', '家居', '运动', '图书'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export interface OptionGroup {
  /** `颜色`, `尺码`, `容量`, `规格`… */
  name: string;
  values: string[];
}

export interface Sku {
  /** `s1` … unique within the product. */
  id: string;
  /** One value per option group, in group order. */
  values: string[];
  /** Fen. */
  price: number;
  /** Units left; 0 = 缺货 (the option cannot be chosen). */
  stock: number;
}

export interface Review {
  /** Masked nickname, e.g. `小***8`. */
  user: string;
  /** 1-5 stars. */
  stars: number;
  text: string;
  /** The option bought, e.g. `曜石黑 / 256GB`. */
  option: string;
}

export interface Product {
  /** `p_001` … */
  id: string;
  category: ShopCategory;
  brand: string;
  /** Includes the brand, e.g. `声悦 主动降噪蓝牙耳机 Air3`. */
  title: string;
  /** The lowest SKU price, fen (what lists show). */
  price: number;
  /** 原价, fen, above `price`. */
  originalPrice: number;
  /** 已售 count. */
  sales: number;
  /** 评分, one decimal, 4.0-5.0. */
  rating: number;
  shop: string;
  /** One character or short word drawn on the product tile. */
  glyph: string;
  /** Tile gradient hue (0-359). */
  hue: number;
  options: OptionGroup[];
  skus: Sku[];
  reviews: Review[];
}

export interface CartItem {
  /** `ci_001` … new lines take max+1. */
  id: string;
  productId: string;
  skuId: string;
  qty: number;
  /** The checkbox: selected lines are what 去结算 buys. */
  selected: boolean;
}

export interface Address {
  /** `a_01` … */
  id: string;
  name: string;
  /** 11-digit mainland mobile number. */
  phone: string;
  /** `浙江省 杭州市 西湖区`. */
  region: string;
  detail: string;
  isDefault: boolean;
}

export interface Coupon {
  /** `cp_01` … */
  id: string;
  /** `满300减30`, `无门槛5元`, `美妆满100减15`. */
  title: string;
  /** Minimum eligible subtotal, fen (0 = 无门槛). */
  threshold: number;
  /** Amount off, fen. */
  discount: number;
  /** Only items of this category count (and must reach the threshold); null = 全品类. */
  category: ShopCategory | null;
  /** Epoch ms; expired when `expiresAt <= now`. */
  expiresAt: number;
  /** The order that used it, or null. A cancelled unpaid order gives it back. */
  usedBy: string | null;
}

export type OrderStatus = 'unpaid' | 'paid' | 'shipped' | 'completed' | 'refunded' | 'closed';

export interface OrderItem {
  productId: string;
  skuId: string;
  title: string;
  /** `曜石黑 / 256GB`. */
  option: string;
  shop: string;
  /** Unit price, fen. */
  price: number;
  qty: number;
}

export interface TrackingEvent {
  time: number;
  text: string;
}

export interface Order {
  /** `od_001` … new orders take max+1. */
  id: string;
  /** The 16-digit 订单编号 shown to the user. */
  no: string;
  status: OrderStatus;
  items: OrderItem[];
  /** A copy of the address at the time of ordering. */
  address: Omit<Address, 'id' | 'isDefault'>;
  /** Sum of price × qty, fen. */
  subtotal: number;
  couponId: string | null;
  /** 优惠, fen. */
  discount: number;
  /** 运费, fen. */
  shipping: number;
  /** 实付 = subtotal − discount + shipping, fen. */
  total: number;
  createdAt: number;
  paidAt: number | null;
  /** The wallet payment order (`o_…`) once payment was asked for, else null. */
  payOrderId: string | null;
  /** The wallet bill of the payment, once paid. */
  payBillId: string | null;
  /** 快递 for shipped / completed orders (and refunded ones that had shipped), else null. */
  tracking: { company: string; number: string; events: TrackingEvent[] } | null;
  /** 售后: set when refunded. */
  refund: { reason: string; amount: number; time: number; billId: string | null } | null;
}

export interface ShopState {
  me: { name: string };
  products: Product[];
  cart: CartItem[];
  /** Product ids, most recent first. */
  favorites: string[];
  addresses: Address[];
  coupons: Coupon[];
  orders: Order[];
}
