/**
 * The railway app's slice of the phone state: `state.apps.railway`. Plain JSON; money is always
 * an integer number of fen. Documented field by field in ./README.md.
 */
export type TrainType = 'G' | 'D' | 'Z' | 'T' | 'K';
export const SEAT_CLASSES = ['商务座', '一等座', '二等座', '软卧', '硬卧', '硬座', '无座'] as const;
export type SeatClass = (typeof SEAT_CLASSES)[number];
export const PASSENGER_KINDS = ['成人', '学生', '儿童'] as const;
export type PassengerKind = (typeof PASSENGER_KINDS)[number];
export const ID_TYPES = ['居民身份证', '护照', '港澳居民来往内地通行证'] as const;
export type IdType = (typeof ID_TYPES)[number];

export interface Seat {
  cls: SeatClass;
  /** Full adult fare, fen. */
  price: number;
  /** Tickets left: 0 shows 无, 1-19 `N张`, 20 and more 有. */
  left: number;
}

export interface Train {
  /** `t_0001` … */
  id: string;
  /** `G1234`: the letter is the type. */
  no: string;
  /** Travel day, `YYYY-MM-DD` (China time). */
  date: string;
  from: string;
  to: string;
  /** `HH:MM` departure. */
  dep: string;
  /** `HH:MM` arrival, `days` later. */
  arr: string;
  days: number;
  /** Minutes on the way. */
  dur: number;
  /** Stations in between, in order. */
  stops: string[];
  seats: Seat[];
}

export interface Passenger {
  /** `ps_01` … */
  id: string;
  name: string;
  idType: IdType;
  /** Stored whole, shown masked (`1101**********1234`). */
  idNo: string;
  /** 11 digits, shown masked. */
  phone: string;
  kind: PassengerKind;
  /** The account holder (本人); exactly one passenger. */
  me: boolean;
}

export interface Ticket {
  passengerId: string;
  /** The passenger's name and kind when the ticket was issued. */
  name: string;
  kind: PassengerKind;
  /** `05` */
  coach: string;
  /** `12F`, `08号下铺`, or `无座`. */
  seat: string;
  /** Fen: what this ticket costs (child and student fares are cheaper). */
  price: number;
}

export type OrderStatus = 'unpaid' | 'paid' | 'refunded' | 'changed' | 'cancelled';

export interface Refund {
  /** Fen kept as the 退票费. */
  fee: number;
  /** Fen returned to the wallet. */
  amount: number;
  at: number;
  /** The wallet bill of the refund, null when nothing was returned. */
  billId: string | null;
}

/** An order keeps its train's day, stations and times (the train may leave the timetable). */
export interface Order extends Pick<Train, 'date' | 'from' | 'to' | 'dep' | 'arr' | 'days'> {
  /** `r_001` … */
  id: string;
  /** 订单号, `E` + 9 digits. */
  no: string;
  status: OrderStatus;
  /** The train record, null when it is no longer in the timetable (past trips). */
  trainId: string | null;
  trainNo: string;
  seatClass: SeatClass;
  tickets: Ticket[];
  /** Fen: the sum of the tickets. */
  total: number;
  /** Fen this order asks the wallet for: `total`, or for a change the difference (0 when none). */
  due: number;
  createdAt: number;
  /** Unpaid orders: pay before this time. */
  payDeadline: number | null;
  paidAt: number | null;
  /** The wallet order paying `due`, null until one was asked for. */
  payOrderId: string | null;
  refund: Refund | null;
  /** 改签: the order this one replaced / the order that replaced this one. */
  changedFrom: string | null;
  changedTo: string | null;
}

export interface CommonRoute {
  /** `cr_01` … */
  id: string;
  from: string;
  to: string;
}

export interface RailwayState {
  /** 出发站 / 到达站 of the query form (station names). */
  search: { from: string; to: string };
  /** Stations picked lately, newest first, at most 8. */
  recentStations: string[];
  trains: Train[];
  passengers: Passenger[];
  orders: Order[];
  commonRoutes: CommonRoute[];
  settings: {
    /** 出行提醒 */
    remind: boolean;
    /** 只看高铁动车 by default in results. */
    fastOnly: boolean;
  };
}
