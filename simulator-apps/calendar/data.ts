/** Invented content for the calendar's seed: calendars, recurring events, one-off events, places. */
import type { CalendarId, Reminder } from './types.ts';

export const CALENDARS: readonly { id: CalendarId; name: string; color: string }[] = [
  { id: 'work', name: '工作', color: '#2F6BFF' },
  { id: 'personal', name: '个人', color: '#F57C00' },
  { id: 'family', name: '家庭', color: '#16A36B' },
];

/** Weekly and monthly series. `weekday` 1 = Monday … 7 = Sunday; `day` the day of the month. */
export interface SeriesTemplate {
  title: string;
  calendar: CalendarId;
  repeat: 'weekly' | 'monthly';
  weekday?: number;
  day?: [number, number];
  /** `HH:mm`-`HH:mm`, or null for an all-day event. */
  time: [string, string] | null;
  place: string;
  notes: string;
  reminder: Reminder;
  /** Leave it out of some seeds. */
  optional?: boolean;
}

export const SERIES: readonly SeriesTemplate[] = [
  { title: '周会', calendar: 'work', repeat: 'weekly', weekday: 1, time: ['10:00', '11:00'], place: '3号会议室', notes: '同步上周进度和本周计划', reminder: 15 },
  { title: '产品周会', calendar: 'work', repeat: 'weekly', weekday: 4, time: ['16:00', '17:00'], place: '7楼大会议室', notes: '', reminder: 15 },
  { title: '健身', calendar: 'personal', repeat: 'weekly', weekday: 2, time: ['19:30', '21:00'], place: '乐动健身（滨江店）', notes: '带毛巾和水杯', reminder: 30 },
  { title: '英语口语课', calendar: 'personal', repeat: 'weekly', weekday: 3, time: ['20:00', '21:00'], place: '线上', notes: '提前预习第三单元', reminder: 15, optional: true },
  { title: '给爸妈打电话', calendar: 'family', repeat: 'weekly', weekday: 7, time: ['20:00', '20:30'], place: '', notes: '', reminder: 0, optional: true },
  { title: '还信用卡', calendar: 'personal', repeat: 'monthly', day: [5, 25], time: null, place: '', notes: '星河银行信用卡，记得查账单金额', reminder: 1440 },
  { title: '交房租', calendar: 'family', repeat: 'monthly', day: [1, 10], time: null, place: '', notes: '转给房东陈先生', reminder: 1440, optional: true },
];

/** Yearly all-day events: birthdays and anniversaries (dates drawn per seed). */
export const YEARLY: readonly { title: string; calendar: CalendarId; notes: string }[] = [
  { title: '妈妈生日', calendar: 'family', notes: '订蛋糕' },
  { title: '爸爸生日', calendar: 'family', notes: '' },
  { title: '外婆生日', calendar: 'family', notes: '回老家吃饭' },
  { title: '结婚纪念日', calendar: 'family', notes: '' },
  { title: '小林生日', calendar: 'personal', notes: '' },
  { title: '阿杰生日', calendar: 'personal', notes: '' },
  { title: '苏晴生日', calendar: 'personal', notes: '' },
];

/** One-off events. `count` instances are drawn in the seeded window; `len` is the length in minutes. */
export interface OneOffTemplate {
  title: string;
  calendar: CalendarId;
  count: [number, number];
  /** Start hours to draw from, or null for an all-day event. */
  hours: readonly number[] | null;
  len: readonly number[];
  places: readonly string[];
  notes: readonly string[];
  /** Days an all-day event spans (1 = one day). */
  days?: [number, number];
  weekend?: boolean;
}

export const ONE_OFFS: readonly OneOffTemplate[] = [
  { title: '项目评审会', calendar: 'work', count: [2, 2], hours: [9, 10, 14, 15], len: [60, 90], places: ['3号会议室', '5号会议室'], notes: ['准备演示材料', ''] },
  { title: '项目评审会预演', calendar: 'work', count: [1, 1], hours: [14, 16], len: [60], places: ['5号会议室'], notes: [''] },
  { title: '需求评审', calendar: 'work', count: [2, 4], hours: [10, 14, 15], len: [60, 120], places: ['7楼大会议室', '线上会议'], notes: ['', '带上原型图'] },
  { title: '客户拜访', calendar: 'work', count: [1, 2], hours: [9, 14], len: [120], places: ['远峰科技园B座', '江南商务中心18楼'], notes: ['带合同和样品'] },
  { title: '季度总结会', calendar: 'work', count: [1, 1], hours: [14], len: [180], places: ['报告厅'], notes: ['每人汇报10分钟'] },
  { title: '面试', calendar: 'work', count: [2, 4], hours: [10, 11, 15, 16], len: [60], places: ['2号会议室', '线上会议'], notes: ['前端工程师候选人', '产品经理候选人', '测试工程师候选人'] },
  { title: '部门培训', calendar: 'work', count: [1, 1], hours: [9], len: [240], places: ['培训教室'], notes: ['安全生产培训'] },
  { title: '出差', calendar: 'work', count: [1, 1], hours: null, len: [0], places: ['杭州', '成都', '青岛'], notes: ['高铁票已订'], days: [2, 3] },
  { title: '团建', calendar: 'work', count: [1, 1], hours: null, len: [0], places: ['青山农庄'], notes: ['8:00公司楼下集合'], weekend: true },
  { title: '牙医复诊', calendar: 'personal', count: [1, 2], hours: [9, 10, 15], len: [60], places: ['悦齿口腔（中山路店）'], notes: ['带上次的片子'] },
  { title: '牙医初诊', calendar: 'personal', count: [1, 1], hours: [10, 16], len: [60], places: ['悦齿口腔（中山路店）'], notes: [''] },
  { title: '体检', calendar: 'personal', count: [1, 1], hours: [8], len: [180], places: ['康宁体检中心'], notes: ['空腹，不要吃早饭'] },
  { title: '理发', calendar: 'personal', count: [1, 2], hours: [11, 15, 18], len: [60], places: ['剪艺工作室'], notes: [''], weekend: true },
  { title: '看电影', calendar: 'personal', count: [1, 2], hours: [19, 20], len: [150], places: ['星光影城（万象店）'], notes: ['', '票已买好'], weekend: true },
  { title: '同学聚会', calendar: 'personal', count: [1, 1], hours: [18], len: [180], places: ['老街火锅'], notes: ['AA制'], weekend: true },
  { title: '读书会', calendar: 'personal', count: [1, 2], hours: [14, 15], len: [120], places: ['拾光书店'], notes: ['', '带上《山海札记》'], weekend: true },
  { title: '羽毛球', calendar: 'personal', count: [2, 3], hours: [19, 20], len: [90], places: ['体育中心羽毛球馆'], notes: [''] },
  { title: '车辆保养', calendar: 'personal', count: [1, 1], hours: [9, 10], len: [120], places: ['北辰汽车服务中心'], notes: ['换机油和滤芯'], weekend: true },
  { title: '家庭聚餐', calendar: 'family', count: [2, 3], hours: [12, 18], len: [120], places: ['蜀味小馆', '南山茶铺', '外婆家'], notes: ['', '订了包间'], weekend: true },
  { title: '家长会', calendar: 'family', count: [1, 1], hours: [15, 16], len: [90], places: ['实验小学三年级二班'], notes: [''] },
  { title: '带孩子打疫苗', calendar: 'family', count: [1, 1], hours: [9], len: [60], places: ['社区医院'], notes: ['带疫苗本'] },
  { title: '钢琴课', calendar: 'family', count: [3, 4], hours: [10, 16], len: [60], places: ['音悦琴行'], notes: [''], weekend: true },
  { title: '看房', calendar: 'family', count: [1, 1], hours: [10, 14], len: [90], places: ['滨江花园售楼处'], notes: [''], weekend: true },
  { title: '代码评审', calendar: 'work', count: [2, 3], hours: [11, 15, 17], len: [60], places: ['线上会议', '4号会议室'], notes: [''] },
  { title: '一对一沟通', calendar: 'work', count: [2, 3], hours: [11, 16], len: [30], places: ['经理办公室'], notes: ['聊聊下季度目标', ''] },
  { title: '午饭约小林', calendar: 'personal', count: [1, 2], hours: [12], len: [60], places: ['巷口牛肉面', '禾木咖啡'], notes: [''] },
  { title: '瑜伽课', calendar: 'personal', count: [1, 2], hours: [9, 10], len: [60], places: ['静心瑜伽馆'], notes: ['带瑜伽垫'], weekend: true },
  { title: '宠物医院', calendar: 'personal', count: [1, 1], hours: [10, 15], len: [60], places: ['萌宠动物医院'], notes: ['给团团打疫苗'] },
  { title: '超市采购', calendar: 'family', count: [1, 2], hours: [10, 16], len: [90], places: ['惠邻超市'], notes: ['清单在冰箱上'], weekend: true },
  { title: '周末郊游', calendar: 'family', count: [1, 1], hours: null, len: [0], places: ['东湖绿道'], notes: ['带野餐垫'], weekend: true },
];

/** Titles that look alike on purpose (trap tasks rely on them). */
export const LOOK_ALIKE_TITLES: readonly (readonly [string, string])[] = [
  ['项目评审会', '项目评审会预演'],
  ['牙医复诊', '牙医初诊'],
  ['周会', '产品周会'],
];
