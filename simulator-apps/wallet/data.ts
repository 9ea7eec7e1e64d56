/** Invented names for the wallet's seed: banks, people, merchants. None is a real company. */
import type { Category } from './types.ts';

export const BANKS = ['江南商业银行', '星河银行', '北辰农商银行', '海川银行', '青禾银行', '远峰银行'] as const;
export const CARD_COLORS = ['#C8413B', '#2B6CB0', '#2F855A', '#B7791F', '#6B46C1', '#2C7A7B'] as const;

/** Payee names; the first two pairs look alike on purpose (trap tasks rely on them). */
export const TRAP_PAYEES = [
  ['周子涵', '周梓涵'],
  ['林思远', '林思源'],
] as const;
export const PAYEE_NAMES = ['何佳怡', '赵明轩', '孙雨桐', '吴浩然', '郑可欣', '马俊杰', '胡晓峰', '高雅婷', '唐一鸣', '宋欣然', '许嘉树', '邓可可'] as const;

/** Merchants by category, with a typical amount range in yuan. */
export const MERCHANTS: Record<Exclude<Category, '转账' | '红包'>, { names: readonly string[]; min: number; max: number }> = {
  餐饮: { names: ['巷口牛肉面', '禾木咖啡', '小满烘焙', '老街麻辣烫', '一碗鲜米线', '南山茶铺', '晨光早餐店', '蜀味小馆'], min: 8, max: 120 },
  交通: { names: ['城市地铁', '快达出行', '公交一卡通', '云程加油站', '青鸟共享单车'], min: 2, max: 80 },
  购物: { names: ['惠邻超市', '优选生活馆', '拾光文具', '百货大楼', '速购便利店', '简衣服饰'], min: 10, max: 600 },
  充值: { names: ['手机话费充值', '游戏点卡', '视频会员'], min: 20, max: 100 },
  生活缴费: { names: ['城南供电', '清源水务', '暖居燃气', '宽带缴费'], min: 30, max: 300 },
  娱乐: { names: ['星光影城', '欢唱KTV', '山海剧场', '乐动健身'], min: 35, max: 260 },
};

export const TRANSFER_NOTES = ['', '', '饭钱', '车费AA', '还你的', '生日快乐', '房租分摊', '电影票', '奶茶钱'] as const;
export const RED_PACKET_NOTES = ['恭喜发财，大吉大利', '新年快乐', '生日快乐', '辛苦啦'] as const;

/** Orders other apps could have created: the seed leaves two or three unpaid. */
export const ORDER_SEEDS = [
  { merchant: '乐动健身', title: '月卡续费（30天）', min: 99, max: 199 },
  { merchant: '清源水务', title: '2月水费', min: 40, max: 120 },
  { merchant: '优选生活馆', title: '收纳箱 ×2', min: 45, max: 130 },
  { merchant: '星光影城', title: '电影票 ×2', min: 60, max: 110 },
  { merchant: '拾光文具', title: '笔记本套装', min: 25, max: 70 },
  { merchant: '暖居燃气', title: '燃气费预存', min: 100, max: 300 },
] as const;
