/**
 * Fixed data of the clock app: ringtone names (our own), alarm labels the seed draws from, timer
 * presets, and the world clock's cities with their IANA zones. Pure.
 */

/** Ringtone names, all invented for this phone. */
export const RINGTONES = ['晨光', '溪流', '风铃', '清脆铃声', '海浪', '竹林', '雀跃', '暖阳', '星河', '雷达', '轻快节拍', '古筝小调'] as const;

/** Labels a seeded alarm may carry, by the part of the day it rings in (some are left as ''). */
export const ALARM_LABELS = {
  morning: ['晨跑', '吃药', '上班', '背单词', '遛狗', '浇花', '早读'],
  afternoon: ['午休', '接孩子', '开会', '喝水', '取快递', '下午茶'],
  evening: ['健身', '练琴', '睡觉', '吃维生素', '追剧', '倒垃圾'],
} as const;

/** Timer presets on the 计时器 tab, in seconds. */
export const TIMER_PRESETS = [60, 180, 300, 600, 900, 1800] as const;

export interface WorldCity {
  id: string;
  /** The city's Chinese name, as the list and the search show it. */
  name: string;
  /** Its country or region, in Chinese. */
  country: string;
  /** An IANA timezone. */
  zone: string;
}

/** The cities 添加城市 offers (the world clock's search runs over name and country). */
export const WORLD_CITIES: readonly WorldCity[] = [
  { id: 'beijing', name: '北京', country: '中国', zone: 'Asia/Shanghai' },
  { id: 'hongkong', name: '香港', country: '中国', zone: 'Asia/Hong_Kong' },
  { id: 'taipei', name: '台北', country: '中国', zone: 'Asia/Taipei' },
  { id: 'urumqi', name: '乌鲁木齐', country: '中国', zone: 'Asia/Urumqi' },
  { id: 'tokyo', name: '东京', country: '日本', zone: 'Asia/Tokyo' },
  { id: 'seoul', name: '首尔', country: '韩国', zone: 'Asia/Seoul' },
  { id: 'singapore', name: '新加坡', country: '新加坡', zone: 'Asia/Singapore' },
  { id: 'bangkok', name: '曼谷', country: '泰国', zone: 'Asia/Bangkok' },
  { id: 'hanoi', name: '河内', country: '越南', zone: 'Asia/Ho_Chi_Minh' },
  { id: 'jakarta', name: '雅加达', country: '印度尼西亚', zone: 'Asia/Jakarta' },
  { id: 'kualalumpur', name: '吉隆坡', country: '马来西亚', zone: 'Asia/Kuala_Lumpur' },
  { id: 'manila', name: '马尼拉', country: '菲律宾', zone: 'Asia/Manila' },
  { id: 'newdelhi', name: '新德里', country: '印度', zone: 'Asia/Kolkata' },
  { id: 'kathmandu', name: '加德满都', country: '尼泊尔', zone: 'Asia/Kathmandu' },
  { id: 'dubai', name: '迪拜', country: '阿联酋', zone: 'Asia/Dubai' },
  { id: 'tehran', name: '德黑兰', country: '伊朗', zone: 'Asia/Tehran' },
  { id: 'moscow', name: '莫斯科', country: '俄罗斯', zone: 'Europe/Moscow' },
  { id: 'istanbul', name: '伊斯坦布尔', country: '土耳其', zone: 'Europe/Istanbul' },
  { id: 'cairo', name: '开罗', country: '埃及', zone: 'Africa/Cairo' },
  { id: 'nairobi', name: '内罗毕', country: '肯尼亚', zone: 'Africa/Nairobi' },
  { id: 'johannesburg', name: '约翰内斯堡', country: '南非', zone: 'Africa/Johannesburg' },
  { id: 'athens', name: '雅典', country: '希腊', zone: 'Europe/Athens' },
  { id: 'berlin', name: '柏林', country: '德国', zone: 'Europe/Berlin' },
  { id: 'paris', name: '巴黎', country: '法国', zone: 'Europe/Paris' },
  { id: 'rome', name: '罗马', country: '意大利', zone: 'Europe/Rome' },
  { id: 'madrid', name: '马德里', country: '西班牙', zone: 'Europe/Madrid' },
  { id: 'london', name: '伦敦', country: '英国', zone: 'Europe/London' },
  { id: 'lisbon', name: '里斯本', country: '葡萄牙', zone: 'Europe/Lisbon' },
  { id: 'reykjavik', name: '雷克雅未克', country: '冰岛', zone: 'Atlantic/Reykjavik' },
  { id: 'newyork', name: '纽约', country: '美国', zone: 'America/New_York' },
  { id: 'chicago', name: '芝加哥', country: '美国', zone: 'America/Chicago' },
  { id: 'denver', name: '丹佛', country: '美国', zone: 'America/Denver' },
  { id: 'losangeles', name: '洛杉矶', country: '美国', zone: 'America/Los_Angeles' },
  { id: 'vancouver', name: '温哥华', country: '加拿大', zone: 'America/Vancouver' },
  { id: 'toronto', name: '多伦多', country: '加拿大', zone: 'America/Toronto' },
  { id: 'mexicocity', name: '墨西哥城', country: '墨西哥', zone: 'America/Mexico_City' },
  { id: 'saopaulo', name: '圣保罗', country: '巴西', zone: 'America/Sao_Paulo' },
  { id: 'buenosaires', name: '布宜诺斯艾利斯', country: '阿根廷', zone: 'America/Argentina/Buenos_Aires' },
  { id: 'honolulu', name: '檀香山', country: '美国', zone: 'Pacific/Honolulu' },
  { id: 'sydney', name: '悉尼', country: '澳大利亚', zone: 'Australia/Sydney' },
  { id: 'perth', name: '珀斯', country: '澳大利亚', zone: 'Australia/Perth' },
  { id: 'auckland', name: '奥克兰', country: '新西兰', zone: 'Pacific/Auckland' },
];

/** Cities the seed may put on the world clock (the phone's own zone is the big clock above them). */
export const SEED_CITY_POOL = ['tokyo', 'london', 'newyork', 'paris', 'sydney', 'singapore', 'dubai', 'losangeles', 'berlin', 'moscow', 'seoul', 'bangkok'] as const;

/** Labels a seeded timer may carry. */
export const TIMER_LABELS = ['煮鸡蛋', '泡茶', '面膜', '烤箱', '午睡', '番茄钟'] as const;
