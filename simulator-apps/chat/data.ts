/**
 * Raw material for the chat seed: names (with pinyin, so account ids and index initials need
 * no pinyin library), regions, signatures. All invented for phonegym.
 */
import type { Gender } from './types.ts';

export interface PersonSeed {
  name: string;
  /** Space-separated syllables; `''` for Latin names. */
  pinyin: string;
  gender: Gender;
}

const p = (name: string, pinyin: string, g: 'm' | 'f' | 'u'): PersonSeed => ({
  name,
  pinyin,
  gender: g === 'm' ? 'male' : g === 'f' ? 'female' : 'unknown',
});

/** Pairs of look-alike names: both members always become contacts with chats (agent traps). */
export const TRAP_PAIRS: readonly [PersonSeed, PersonSeed][] = [
  [p('王晓雨', 'wang xiao yu', 'f'), p('王小雨', 'wang xiao yu', 'f')],
  [p('张伟', 'zhang wei', 'm'), p('张玮', 'zhang wei', 'm')],
  [p('李娜', 'li na', 'f'), p('李娜娜', 'li na na', 'f')],
  [p('陈静', 'chen jing', 'f'), p('陈晶', 'chen jing', 'f')],
  [p('刘洋', 'liu yang', 'm'), p('刘阳', 'liu yang', 'm')],
];

/** People with a fixed role: always present, always with a remark and a chat. */
export const SPECIAL_CONTACTS = {
  mom: { ...p('李秀兰', 'li xiu lan', 'f'), remark: '妈妈', region: '湖南 长沙' },
  boss: { ...p('刘德明', 'liu de ming', 'm'), remark: '刘总', region: '上海 浦东新区' },
  landlord: { ...p('陈建华', 'chen jian hua', 'm'), remark: '房东陈先生', region: '上海 徐汇' },
  builder: { ...p('周强', 'zhou qiang', 'm'), remark: '装修周师傅', region: '安徽 合肥' },
} as const;

export type SpecialRole = keyof typeof SPECIAL_CONTACTS;

export const PEOPLE: readonly PersonSeed[] = [
  p('赵子涵', 'zhao zi han', 'f'),
  p('孙浩然', 'sun hao ran', 'm'),
  p('周雨桐', 'zhou yu tong', 'f'),
  p('吴俊杰', 'wu jun jie', 'm'),
  p('郑可欣', 'zheng ke xin', 'f'),
  p('冯志强', 'feng zhi qiang', 'm'),
  p('何思远', 'he si yuan', 'm'),
  p('许嘉怡', 'xu jia yi', 'f'),
  p('韩磊', 'han lei', 'm'),
  p('杨帆', 'yang fan', 'm'),
  p('黄诗琪', 'huang shi qi', 'f'),
  p('林一鸣', 'lin yi ming', 'm'),
  p('高婷婷', 'gao ting ting', 'f'),
  p('罗文博', 'luo wen bo', 'm'),
  p('郭佳慧', 'guo jia hui', 'f'),
  p('马骁', 'ma xiao', 'm'),
  p('梁晨', 'liang chen', 'm'),
  p('宋雅琳', 'song ya lin', 'f'),
  p('唐明轩', 'tang ming xuan', 'm'),
  p('谢雨欣', 'xie yu xin', 'f'),
  p('邓凯', 'deng kai', 'm'),
  p('曹雪', 'cao xue', 'f'),
  p('彭宇航', 'peng yu hang', 'm'),
  p('曾晓燕', 'zeng xiao yan', 'f'),
  p('萧然', 'xiao ran', 'm'),
  p('田甜', 'tian tian', 'f'),
  p('董立新', 'dong li xin', 'm'),
  p('潘悦', 'pan yue', 'f'),
  p('蒋昊', 'jiang hao', 'm'),
  p('蔡欣怡', 'cai xin yi', 'f'),
  p('袁野', 'yuan ye', 'm'),
  p('于佳', 'yu jia', 'f'),
  p('苏沐晴', 'su mu qing', 'f'),
  p('叶子轩', 'ye zi xuan', 'm'),
  p('程诺', 'cheng nuo', 'f'),
  p('魏东', 'wei dong', 'm'),
  p('沈佳宁', 'shen jia ning', 'f'),
  p('姚远', 'yao yuan', 'm'),
  p('丁一', 'ding yi', 'm'),
  p('范晓琪', 'fan xiao qi', 'f'),
  p('方圆', 'fang yuan', 'm'),
  p('石磊', 'shi lei', 'm'),
  p('贺婧', 'he jing', 'f'),
  p('白露', 'bai lu', 'f'),
  p('小鱼儿', 'xiao yu er', 'f'),
  p('阿杰', 'a jie', 'm'),
  p('大熊', 'da xiong', 'm'),
  p('橙子', 'cheng zi', 'f'),
  p('Kevin', '', 'm'),
  p('Amy', '', 'f'),
  p('Leo', '', 'm'),
  p('momo', '', 'f'),
];

/** Who "I" may be. */
export const ME_PEOPLE: readonly PersonSeed[] = [
  p('林知远', 'lin zhi yuan', 'm'),
  p('沈清和', 'shen qing he', 'm'),
  p('顾言', 'gu yan', 'm'),
  p('许念安', 'xu nian an', 'f'),
  p('陆子衿', 'lu zi jin', 'f'),
  p('江北', 'jiang bei', 'm'),
];

export const REGIONS: readonly string[] = [
  '北京 朝阳', '北京 海淀', '上海 徐汇', '上海 静安', '上海 浦东新区', '广东 深圳', '广东 广州',
  '浙江 杭州', '浙江 宁波', '江苏 南京', '江苏 苏州', '四川 成都', '湖北 武汉', '陕西 西安',
  '福建 厦门', '重庆 渝中', '天津 南开', '山东 青岛', '湖南 长沙', '云南 昆明', '辽宁 大连',
  '河南 郑州', '安徽 合肥', '江西 南昌', '广西 桂林', '海南 三亚', '黑龙江 哈尔滨', '新加坡',
];

export const SIGNATURES: readonly string[] = [
  '', '', '', '',
  '生活明朗，万物可爱',
  '在路上',
  '少说话，多做事',
  '今天也要好好吃饭',
  '慢慢来，比较快',
  '保持热爱，奔赴山海',
  '工作时间请电话联系',
  '晴天，雨天，都是好天',
  '跑步中，晚点回复',
  '读书，喝茶，发呆',
  '愿你被这个世界温柔以待',
  '知足常乐',
  '专注做一件事',
  '每天进步一点点',
  '猫奴一枚',
  '咖啡续命中',
  '山高路远，看世界也找自己',
  '不忘初心',
];
