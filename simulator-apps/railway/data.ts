/**
 * Fixed data for the railway app: stations (real places, their pinyin), the corridors trains run
 * on, seat classes, and invented names for passengers. Geography is fact; every person, order
 * and price table is our own invention.
 */
import type { SeatClass, TrainType } from './types.ts';

export interface Station {
  name: string;
  city: string;
  /** Pinyin syllables, space separated: `bei jing nan`. */
  py: string;
  /** Shown under 热门城市. */
  hot?: boolean;
}

export const STATIONS: readonly Station[] = [
  { name: '北京南', city: '北京', py: 'bei jing nan', hot: true },
  { name: '北京西', city: '北京', py: 'bei jing xi' },
  { name: '北京', city: '北京', py: 'bei jing' },
  { name: '上海虹桥', city: '上海', py: 'shang hai hong qiao', hot: true },
  { name: '上海', city: '上海', py: 'shang hai' },
  { name: '天津', city: '天津', py: 'tian jin' },
  { name: '天津南', city: '天津', py: 'tian jin nan' },
  { name: '南京南', city: '南京', py: 'nan jing nan', hot: true },
  { name: '南京', city: '南京', py: 'nan jing' },
  { name: '杭州东', city: '杭州', py: 'hang zhou dong', hot: true },
  { name: '杭州', city: '杭州', py: 'hang zhou' },
  { name: '苏州', city: '苏州', py: 'su zhou' },
  { name: '苏州北', city: '苏州', py: 'su zhou bei' },
  { name: '无锡东', city: '无锡', py: 'wu xi dong' },
  { name: '宁波', city: '宁波', py: 'ning bo' },
  { name: '合肥南', city: '合肥', py: 'he fei nan' },
  { name: '济南西', city: '济南', py: 'ji nan xi' },
  { name: '青岛', city: '青岛', py: 'qing dao' },
  { name: '郑州东', city: '郑州', py: 'zheng zhou dong' },
  { name: '石家庄', city: '石家庄', py: 'shi jia zhuang' },
  { name: '太原南', city: '太原', py: 'tai yuan nan' },
  { name: '武汉', city: '武汉', py: 'wu han', hot: true },
  { name: '汉口', city: '武汉', py: 'han kou' },
  { name: '长沙南', city: '长沙', py: 'chang sha nan', hot: true },
  { name: '南昌西', city: '南昌', py: 'nan chang xi' },
  { name: '广州南', city: '广州', py: 'guang zhou nan', hot: true },
  { name: '广州', city: '广州', py: 'guang zhou' },
  { name: '深圳北', city: '深圳', py: 'shen zhen bei', hot: true },
  { name: '深圳', city: '深圳', py: 'shen zhen' },
  { name: '福州', city: '福州', py: 'fu zhou' },
  { name: '厦门北', city: '厦门', py: 'xia men bei' },
  { name: '西安北', city: '西安', py: 'xi an bei', hot: true },
  { name: '成都东', city: '成都', py: 'cheng du dong', hot: true },
  { name: '重庆北', city: '重庆', py: 'chong qing bei', hot: true },
  { name: '贵阳北', city: '贵阳', py: 'gui yang bei' },
  { name: '昆明南', city: '昆明', py: 'kun ming nan' },
  { name: '南宁东', city: '南宁', py: 'nan ning dong' },
  { name: '兰州西', city: '兰州', py: 'lan zhou xi' },
  { name: '沈阳北', city: '沈阳', py: 'shen yang bei' },
  { name: '哈尔滨西', city: '哈尔滨', py: 'ha er bin xi' },
];

/**
 * City pairs trains run between (both directions). `fast` are the high-speed stations (G/D),
 * `slow` those of the conventional trains (Z/T/K); `via` the cities on the way, in order.
 */
export interface Corridor {
  id: string;
  km: number;
  fast: [string, string];
  slow: [string, string] | null;
  via: string[];
}

export const CORRIDORS: readonly Corridor[] = [
  { id: 'bj-sh', km: 1318, fast: ['北京南', '上海虹桥'], slow: ['北京', '上海'], via: ['天津南', '济南西', '南京南', '苏州北'] },
  { id: 'sh-hz', km: 159, fast: ['上海虹桥', '杭州东'], slow: ['上海', '杭州'], via: [] },
  { id: 'sh-nj', km: 301, fast: ['上海虹桥', '南京南'], slow: ['上海', '南京'], via: ['苏州北', '无锡东'] },
  { id: 'gz-sz', km: 102, fast: ['广州南', '深圳北'], slow: ['广州', '深圳'], via: [] },
  { id: 'wh-cs', km: 362, fast: ['武汉', '长沙南'], slow: ['汉口', '长沙南'], via: [] },
  { id: 'cs-gz', km: 707, fast: ['长沙南', '广州南'], slow: null, via: [] },
  { id: 'bj-wh', km: 1229, fast: ['北京西', '武汉'], slow: ['北京西', '汉口'], via: ['石家庄', '郑州东'] },
  { id: 'bj-xa', km: 1216, fast: ['北京西', '西安北'], slow: ['北京西', '西安北'], via: ['石家庄', '郑州东'] },
  { id: 'cd-cq', km: 308, fast: ['成都东', '重庆北'], slow: null, via: [] },
  { id: 'xa-cd', km: 658, fast: ['西安北', '成都东'], slow: null, via: [] },
  { id: 'hz-nj', km: 256, fast: ['杭州东', '南京南'], slow: ['杭州', '南京'], via: [] },
  { id: 'sh-wh', km: 838, fast: ['上海虹桥', '武汉'], slow: ['上海', '汉口'], via: ['南京南', '合肥南'] },
];

/** Cities with more than one station: a query by city shows trains from every station of it. */
export const TRAIN_TYPES: readonly TrainType[] = ['G', 'D', 'Z', 'T', 'K'];

/** Seat classes by train type, first-class first (the order the screens list them). */
export const CLASSES_BY_TYPE: Record<TrainType, readonly SeatClass[]> = {
  G: ['商务座', '一等座', '二等座', '无座'],
  D: ['一等座', '二等座', '无座'],
  Z: ['软卧', '硬卧', '硬座', '无座'],
  T: ['软卧', '硬卧', '硬座', '无座'],
  K: ['软卧', '硬卧', '硬座', '无座'],
};

/** Yuan per km by class (an invented, flat tariff). 无座 costs what the class it stands in costs. */
export const TARIFF: Record<TrainType, Partial<Record<SeatClass, number>>> = {
  G: { 商务座: 1.46, 一等座: 0.74, 二等座: 0.46, 无座: 0.46 },
  D: { 一等座: 0.5, 二等座: 0.31, 无座: 0.31 },
  Z: { 软卧: 0.42, 硬卧: 0.27, 硬座: 0.15, 无座: 0.15 },
  T: { 软卧: 0.4, 硬卧: 0.26, 硬座: 0.145, 无座: 0.145 },
  K: { 软卧: 0.38, 硬卧: 0.25, 硬座: 0.14, 无座: 0.14 },
};

/** Average speed (km/h) including stops, by type. */
export const SPEED: Record<TrainType, number> = { G: 280, D: 190, Z: 120, T: 100, K: 80 };

/** Invented passengers. The first pair look alike on purpose (trap tasks rely on them). */
export const TRAP_PASSENGERS = [
  ['王子涵', '王梓涵'],
  ['陈思远', '陈思源'],
] as const;
export const ME_NAMES = ['林晓雨', '张一帆', '刘嘉宁', '赵书恒', '周可馨', '孙明远'] as const;
export const OTHER_NAMES = ['李秀兰', '何建国', '杨晨曦', '郭佳琪', '黄天宇', '吴婉清', '徐浩', '马丽娟'] as const;

/** Area codes for invented ID numbers (real prefixes of large cities; the rest is random). */
export const ID_AREAS = ['110105', '310104', '330106', '320102', '440305', '420106', '510107', '610113'] as const;
