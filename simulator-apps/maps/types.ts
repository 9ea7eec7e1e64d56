/**
 * The state of 路路通 (`apps.maps`): a seeded city drawn as a map, its places, the places I saved,
 * and my rides. Plain JSON; distances in metres, money in fen, times in epoch ms on the
 * virtual clock. See ./README.md for the whole shape and the rules.
 */

export type PlaceCategory = '美食' | '咖啡' | '购物' | '酒店' | '景点' | '医院' | '学校' | '交通' | '公司' | '银行' | '公园' | '住宅';

export type StreetAxis = 'h' | 'v';

export interface Street {
  /** `st_01` … */
  id: string;
  name: string;
  /** `h`: runs west-east at y = `at`; `v`: runs north-south at x = `at`. */
  axis: StreetAxis;
  /** Metres from the map's west (v) or north (h) edge. */
  at: number;
  /** A vertical street that crosses the river: `car` a road bridge, `foot` a footbridge, null none. */
  bridge: 'car' | 'foot' | null;
}

export interface District {
  /** `d_1` … */
  id: string;
  name: string;
  /** The rectangle it covers, metres. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Tint of its blocks on the map (0-359). */
  hue: number;
}

export interface Place {
  /** `pl_001` … */
  id: string;
  name: string;
  category: PlaceCategory;
  districtId: string;
  /** The street it stands on, and how far along it (metres from its west/north end). */
  streetId: string;
  pos: number;
  /** `西湖区 明远路 128号`: district, street and number (the number grows along the street). */
  address: string;
  /** `09:00-22:00`, or `00:00-24:00` for 24小时. */
  hours: string;
  /** 3.5-5.0, one decimal. */
  rating: number;
  /** A landline (`0571-86123456`) or a mobile; '' for places without one (parks). */
  phone: string;
  /** Fen per person for 美食/咖啡, else 0. */
  avgPrice: number;
  /** One short line shown under the name: `本帮菜 · 人气老店`. */
  tagline: string;
}

export type RideClass = 'saver' | 'express' | 'premium' | 'business';

export interface Driver {
  name: string;
  /** `白色 · 比亚迪秦` */
  car: string;
  /** `浙A·3K8Q2` */
  plate: string;
  /** 4.6-5.0 */
  rating: number;
}

/** `active` until paid or cancelled; where an active ride is (arriving, on the way, to pay) follows from the clock. */
export type RideStatus = 'active' | 'paid' | 'cancelled';

export interface Ride {
  /** `rd_001` … */
  id: string;
  fromId: string;
  toId: string;
  /** Copies of the names at the time of the ride (a receipt does not change when a place is renamed). */
  fromName: string;
  toName: string;
  cls: RideClass;
  /** Metres of the driving route, whole minutes of driving. */
  distance: number;
  minutes: number;
  /** Fen, from `ridePrice(cls, distance, minutes)`. */
  price: number;
  status: RideStatus;
  driver: Driver;
  requestedAt: number;
  /** The driver reaches the pickup. */
  pickupAt: number;
  /** The trip ends at the destination. */
  dropoffAt: number;
  cancelledAt: number | null;
  /** The wallet order paying `price`, null until one was asked for. */
  payOrderId: string | null;
  payBillId: string | null;
  paidAt: number | null;
}

export interface MapsState {
  city: {
    name: string;
    /** Metres. */
    width: number;
    height: number;
    /** Car-plate prefix of the city's taxis: `浙A`. */
    plate: string;
  };
  districts: District[];
  streets: Street[];
  river: {
    name: string;
    /** y of the river's middle line at x = 0, 500, 1000, … (one value per 500 m). */
    ys: number[];
    /** Metres. */
    width: number;
  };
  places: Place[];
  /** Where I am now (the blue dot; the default pickup and route start). */
  hereId: string;
  saved: {
    homeId: string | null;
    workId: string | null;
    /** Place ids, newest first. */
    favorites: string[];
  };
  /** Search words, newest first, at most 8. */
  recentSearches: string[];
  /** Oldest first. */
  rides: Ride[];
}
