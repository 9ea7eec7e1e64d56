/**
 * The food-delivery app's slice of the phone state: `state.apps.food`. Plain JSON only; money is
 * always an integer number of fen (分); times are epoch ms on the virtual clock. Documented field
 * by field in ./README.md.
 */
export const SHOP_KINDS = ['面馆', '快餐', '饮品', '饺子', '炸鸡汉堡', '轻食', '烧烤', '甜品'] as const;
export type ShopKind = (typeof SHOP_KINDS)[number];

/** What a dish's picture draws (ui/DishArt.svelte): one distinct illustration per kind. */
export const DISH_ARTS = ['noodles', 'riceBowl', 'tea', 'coffee', 'dumplings', 'burger', 'friedChicken', 'salad', 'skewers', 'cake', 'congee', 'bun', 'fries', 'soup'] as const;
export type DishArt = (typeof DISH_ARTS)[number];

export interface OptionChoice {
  name: string;
  /** Extra fen on the dish's price (0 = free). */
  price: number;
}

export interface OptionGroup {
  /** `规格`, `辣度`, `甜度`, `温度`, `加料`. */
  name: string;
  /** Any number of choices (加料) or exactly one (the first is chosen by default). */
  multi: boolean;
  choices: OptionChoice[];
}

export interface Dish {
  /** `d_0101` … (shop number, dish number). */
  id: string;
  name: string;
  art: DishArt;
  /** Picture hue (0-359): two dishes of one kind differ in colour. */
  hue: number;
  /** Fen, the base price (the first choice of each single group costs nothing extra). */
  price: number;
  /** 月售. */
  sales: number;
  desc: string;
  /** 已售罄: cannot be added. */
  soldOut: boolean;
  options: OptionGroup[];
}

export interface ShopReview {
  user: string;
  stars: number;
  text: string;
  time: number;
}

export interface Shop {
  /** `fs_01` … */
  id: string;
  name: string;
  kind: ShopKind;
  /** 评分, one decimal, 4.0-5.0. */
  rating: number;
  /** 月售. */
  sales: number;
  /** 配送费, fen. */
  deliveryFee: number;
  /** 起送价: the dishes' subtotal must reach it, fen. */
  minOrder: number;
  /** 配送时间: minutes from payment to arrival. */
  deliveryMinutes: number;
  /** Metres from the default address. */
  distance: number;
  /** Opening hours `HH:MM`; `close` may be after midnight as `24:00`-`26:00`. */
  open: string;
  close: string;
  notice: string;
  dishes: Dish[];
  reviews: ShopReview[];
}

export interface CartLine {
  /** `cl_001` … new lines take max+1. */
  id: string;
  shopId: string;
  dishId: string;
  /** The chosen choice names of each option group, in group order. */
  picks: string[][];
  qty: number;
}

export interface Address {
  /** `fa_01` … */
  id: string;
  name: string;
  /** 11-digit mainland mobile number. */
  phone: string;
  /** `西湖区 文三路 138号 云栖公寓`. */
  address: string;
  /** `3栋1单元502`. */
  room: string;
  tag: '家' | '公司' | '学校' | '';
  isDefault: boolean;
}

export interface Coupon {
  /** `fc_01` … */
  id: string;
  /** `满30减5`. */
  title: string;
  /** Minimum dish subtotal, fen. */
  threshold: number;
  discount: number;
  /** Only this shop's orders; null = every shop (平台红包). */
  shopId: string | null;
  expiresAt: number;
  usedBy: string | null;
}

export interface OrderItem {
  dishId: string;
  name: string;
  /** `大份 / 特辣 / 加蛋`; empty without options. */
  spec: string;
  picks: string[][];
  /** Unit price with the options, fen. */
  price: number;
  qty: number;
}

/** Stored status; the delivery stage of a paid order comes from the clock (logic.ts `stageOf`). */
export type OrderStatus = 'unpaid' | 'paid' | 'cancelled' | 'closed';

export interface Order {
  /** `fo_001` … */
  id: string;
  /** The 16-digit 订单号. */
  no: string;
  shopId: string;
  shopName: string;
  items: OrderItem[];
  address: Omit<Address, 'id' | 'isDefault' | 'tag'>;
  /** 备注. */
  note: string;
  subtotal: number;
  deliveryFee: number;
  couponId: string | null;
  discount: number;
  /** 实付 = subtotal + deliveryFee − discount. */
  total: number;
  status: OrderStatus;
  createdAt: number;
  paidAt: number | null;
  /** When each stage starts (set at payment from the shop's delivery time); null while unpaid. */
  times: { accepted: number; cooking: number; delivering: number; arrive: number } | null;
  payOrderId: string | null;
  payBillId: string | null;
  cancelledAt: number | null;
  refundBillId: string | null;
  review: { stars: number; text: string; time: number } | null;
}

export interface FoodState {
  me: { name: string };
  shops: Shop[];
  cart: CartLine[];
  addresses: Address[];
  coupons: Coupon[];
  orders: Order[];
}
