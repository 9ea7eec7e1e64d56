/** Invented content for the food app's seed: shop names, dishes, option sets, people, places, review texts. None is a real business. */
import type { DishArt, OptionGroup, ShopKind } from './types.ts';

const SIZE: OptionGroup = { name: '规格', multi: false, choices: [{ name: '小份', price: 0 }, { name: '大份', price: 400 }] };
const BOWL: OptionGroup = { name: '规格', multi: false, choices: [{ name: '标准', price: 0 }, { name: '加量', price: 500 }] };
const SPICE: OptionGroup = { name: '辣度', multi: false, choices: [{ name: '不辣', price: 0 }, { name: '微辣', price: 0 }, { name: '中辣', price: 0 }, { name: '特辣', price: 0 }] };
const NOODLE_ADD: OptionGroup = { name: '加料', multi: true, choices: [{ name: '加蛋', price: 200 }, { name: '加牛肉', price: 800 }, { name: '加青菜', price: 200 }] };
const RICE_ADD: OptionGroup = { name: '加料', multi: true, choices: [{ name: '加蛋', price: 200 }, { name: '加饭', price: 200 }, { name: '加肉', price: 600 }] };
const CUP: OptionGroup = { name: '杯型', multi: false, choices: [{ name: '中杯', price: 0 }, { name: '大杯', price: 300 }] };
const SUGAR: OptionGroup = { name: '甜度', multi: false, choices: [{ name: '标准糖', price: 0 }, { name: '七分糖', price: 0 }, { name: '半糖', price: 0 }, { name: '不另外加糖', price: 0 }] };
const ICE: OptionGroup = { name: '温度', multi: false, choices: [{ name: '正常冰', price: 0 }, { name: '少冰', price: 0 }, { name: '去冰', price: 0 }, { name: '热', price: 0 }] };
const TEA_ADD: OptionGroup = { name: '加料', multi: true, choices: [{ name: '珍珠', price: 200 }, { name: '椰果', price: 200 }, { name: '芋圆', price: 300 }] };
const COUNT: OptionGroup = { name: '份量', multi: false, choices: [{ name: '12只', price: 0 }, { name: '18只', price: 600 }] };
const DIP: OptionGroup = { name: '蘸料', multi: true, choices: [{ name: '香醋', price: 0 }, { name: '辣油', price: 0 }, { name: '蒜泥', price: 100 }] };
const COMBO: OptionGroup = { name: '套餐', multi: false, choices: [{ name: '单点', price: 0 }, { name: '配薯条可乐', price: 900 }] };
const BBQ_SPICE: OptionGroup = { name: '口味', multi: false, choices: [{ name: '原味', price: 0 }, { name: '孜然', price: 0 }, { name: '微辣', price: 0 }, { name: '特辣', price: 0 }] };
const DRESSING: OptionGroup = { name: '酱汁', multi: false, choices: [{ name: '油醋汁', price: 0 }, { name: '芝麻酱', price: 0 }, { name: '千岛酱', price: 0 }] };

export interface DishTemplate {
  name: string;
  art: DishArt;
  /** Yuan range of the base price. */
  min: number;
  max: number;
  desc: string;
  options: readonly OptionGroup[];
}

export interface KindInfo {
  /** Shop names of this kind (a seed picks some). */
  shops: readonly string[];
  dishes: readonly DishTemplate[];
  /** Typical 配送 minutes and 起送 yuan. */
  minutes: readonly [number, number];
  minOrder: readonly number[];
  notices: readonly string[];
}

export const KIND_INFO: Record<ShopKind, KindInfo> = {
  面馆: {
    shops: ['老街牛肉面', '川味小面馆', '一碗香拉面'],
    minutes: [25, 40],
    minOrder: [15, 20],
    notices: ['汤底每日现熬，面条手工现拉', '辣度可备注，不吃香菜请备注'],
    dishes: [
      { name: '红烧牛肉面', art: 'noodles', min: 22, max: 32, desc: '大块牛腩，汤浓面筋道', options: [SIZE, SPICE, NOODLE_ADD] },
      { name: '重庆小面', art: 'noodles', min: 14, max: 19, desc: '麻辣鲜香，经典街头味道', options: [SIZE, SPICE, NOODLE_ADD] },
      { name: '酸菜肉丝面', art: 'noodles', min: 18, max: 24, desc: '老坛酸菜，开胃爽口', options: [SIZE, SPICE] },
      { name: '番茄鸡蛋面', art: 'noodles', min: 15, max: 20, desc: '酸甜番茄汤底', options: [SIZE, NOODLE_ADD] },
      { name: '红油抄手', art: 'dumplings', min: 16, max: 22, desc: '皮薄馅大，红油香辣', options: [SPICE] },
      { name: '卤蛋', art: 'bun', min: 2, max: 4, desc: '秘制卤汁', options: [] },
      { name: '凉拌黄瓜', art: 'salad', min: 8, max: 12, desc: '清爽解腻', options: [SPICE] },
    ],
  },
  快餐: {
    shops: ['米香盖饭', '家常小炒王', '饭点到了'],
    minutes: [20, 35],
    minOrder: [15, 20, 25],
    notices: ['米饭可免费加一次', '工作日午餐高峰请提前下单'],
    dishes: [
      { name: '鱼香肉丝盖饭', art: 'riceBowl', min: 18, max: 25, desc: '酸甜微辣，下饭神器', options: [BOWL, SPICE, RICE_ADD] },
      { name: '宫保鸡丁盖饭', art: 'riceBowl', min: 19, max: 26, desc: '花生酥脆，鸡丁嫩滑', options: [BOWL, SPICE, RICE_ADD] },
      { name: '番茄牛腩饭', art: 'riceBowl', min: 26, max: 34, desc: '慢炖牛腩，番茄浓汁', options: [BOWL, RICE_ADD] },
      { name: '黑椒鸡排饭', art: 'riceBowl', min: 20, max: 27, desc: '现煎鸡排，黑椒酱汁', options: [BOWL, RICE_ADD] },
      { name: '皮蛋瘦肉粥', art: 'congee', min: 9, max: 14, desc: '小火慢熬', options: [] },
      { name: '紫菜蛋花汤', art: 'soup', min: 5, max: 8, desc: '清淡暖胃', options: [] },
      { name: '香煎肉包', art: 'bun', min: 6, max: 9, desc: '两只装', options: [] },
    ],
  },
  饮品: {
    shops: ['茶语时光', '柠檬小站', '云朵咖啡'],
    minutes: [18, 30],
    minOrder: [15, 20],
    notices: ['饮品现点现做，口味可备注', '大杯更划算'],
    dishes: [
      { name: '珍珠奶茶', art: 'tea', min: 12, max: 16, desc: '黑糖珍珠，醇香奶底', options: [CUP, SUGAR, ICE, TEA_ADD] },
      { name: '杨枝甘露', art: 'tea', min: 16, max: 21, desc: '芒果西柚，椰香浓郁', options: [CUP, SUGAR, ICE] },
      { name: '满杯水果茶', art: 'tea', min: 15, max: 20, desc: '当季鲜果', options: [CUP, SUGAR, ICE] },
      { name: '生椰拿铁', art: 'coffee', min: 16, max: 22, desc: '生椰乳与浓缩咖啡', options: [CUP, SUGAR, ICE] },
      { name: '美式咖啡', art: 'coffee', min: 12, max: 18, desc: '中深烘焙', options: [CUP, ICE] },
      { name: '芝士蛋糕', art: 'cake', min: 18, max: 26, desc: '绵密浓郁', options: [] },
    ],
  },
  饺子: {
    shops: ['喜饺子', '东北饺子馆'],
    minutes: [25, 40],
    minOrder: [20, 25],
    notices: ['饺子现包现煮', '蘸料免费，请按需选择'],
    dishes: [
      { name: '猪肉白菜水饺', art: 'dumplings', min: 18, max: 24, desc: '经典家常馅', options: [COUNT, DIP] },
      { name: '韭菜鸡蛋水饺', art: 'dumplings', min: 16, max: 22, desc: '素馅鲜香', options: [COUNT, DIP] },
      { name: '三鲜煎饺', art: 'dumplings', min: 20, max: 27, desc: '底部金黄酥脆', options: [COUNT, DIP] },
      { name: '酸辣汤', art: 'soup', min: 8, max: 12, desc: '酸辣开胃', options: [SPICE] },
      { name: '小米粥', art: 'congee', min: 5, max: 8, desc: '养胃', options: [] },
    ],
  },
  炸鸡汉堡: {
    shops: ['脆皮炸鸡铺', '汉堡研究所'],
    minutes: [22, 35],
    minOrder: [20, 25],
    notices: ['炸鸡现炸，请耐心等待', '套餐含中薯和可乐'],
    dishes: [
      { name: '香辣鸡腿堡', art: 'burger', min: 16, max: 22, desc: '整块鸡腿肉', options: [COMBO, SPICE] },
      { name: '双层牛肉堡', art: 'burger', min: 24, max: 32, desc: '两块牛肉饼加芝士', options: [COMBO] },
      { name: '原味炸鸡 半只', art: 'friedChicken', min: 28, max: 38, desc: '外酥里嫩', options: [BBQ_SPICE] },
      { name: '韩式甜辣鸡块', art: 'friedChicken', min: 18, max: 25, desc: '甜辣酱裹满', options: [SIZE] },
      { name: '黄金薯条', art: 'fries', min: 9, max: 13, desc: '粗切现炸', options: [SIZE] },
    ],
  },
  轻食: {
    shops: ['绿野轻食', '今日沙拉'],
    minutes: [20, 32],
    minOrder: [20, 30],
    notices: ['低脂高蛋白，热量已标注', '酱汁单独包装'],
    dishes: [
      { name: '鸡胸肉牛油果沙拉', art: 'salad', min: 28, max: 36, desc: '约420千卡', options: [DRESSING] },
      { name: '烟熏三文鱼沙拉', art: 'salad', min: 34, max: 42, desc: '约380千卡', options: [DRESSING] },
      { name: '藜麦能量碗', art: 'riceBowl', min: 30, max: 38, desc: '藜麦糙米，鸡胸肉', options: [DRESSING] },
      { name: '南瓜浓汤', art: 'soup', min: 12, max: 16, desc: '香甜顺滑', options: [] },
      { name: '冷萃咖啡', art: 'coffee', min: 15, max: 20, desc: '12小时冷萃', options: [CUP] },
    ],
  },
  烧烤: {
    shops: ['夜猫子烧烤', '炭火串串'],
    minutes: [30, 45],
    minOrder: [30, 40],
    notices: ['傍晚营业，炭火现烤', '口味可选，默认微辣'],
    dishes: [
      { name: '羊肉串 10串', art: 'skewers', min: 30, max: 40, desc: '新鲜羊腿肉', options: [BBQ_SPICE] },
      { name: '烤鸡翅 4只', art: 'skewers', min: 20, max: 28, desc: '蜜汁外皮', options: [BBQ_SPICE] },
      { name: '烤韭菜', art: 'skewers', min: 8, max: 12, desc: '两把', options: [BBQ_SPICE] },
      { name: '蛋炒饭', art: 'riceBowl', min: 12, max: 16, desc: '粒粒分明', options: [] },
      { name: '绿豆汤', art: 'soup', min: 5, max: 8, desc: '解暑', options: [] },
    ],
  },
  甜品: {
    shops: ['糖水铺子', '莓好烘焙'],
    minutes: [20, 35],
    minOrder: [20, 25],
    notices: ['甜品冷藏配送', '蛋糕需提前两小时预订'],
    dishes: [
      { name: '草莓奶油蛋糕', art: 'cake', min: 28, max: 38, desc: '6寸切块', options: [] },
      { name: '抹茶千层', art: 'cake', min: 24, max: 32, desc: '宇治抹茶', options: [] },
      { name: '芒果西米露', art: 'tea', min: 14, max: 19, desc: '现切芒果', options: [ICE, SUGAR] },
      { name: '红豆双皮奶', art: 'congee', min: 12, max: 16, desc: '顺德风味', options: [ICE] },
      { name: '奶黄包', art: 'bun', min: 10, max: 14, desc: '三只装，流心', options: [] },
    ],
  },
};

/** Opening hours by kind: most from morning, 烧烤 from late afternoon, 饮品 and 甜品 from mid-morning. */
export const HOURS: Record<ShopKind, readonly (readonly [string, string])[]> = {
  面馆: [['07:00', '21:00'], ['08:30', '22:00']],
  快餐: [['09:00', '21:30'], ['10:00', '22:00']],
  饮品: [['09:30', '22:30'], ['10:00', '23:00']],
  饺子: [['08:00', '21:00'], ['09:30', '22:00']],
  炸鸡汉堡: [['09:00', '23:30'], ['10:30', '24:00']],
  轻食: [['08:00', '20:00'], ['09:00', '21:00']],
  烧烤: [['17:00', '26:00'], ['16:30', '25:00']],
  甜品: [['10:00', '22:00'], ['09:00', '21:30']],
};

export const PEOPLE = ['陈晓雨', '林一帆', '张思远', '王可欣', '刘子墨', '赵嘉怡', '孙浩然', '周雨桐'] as const;

export const PLACES = [
  { address: '西湖区 文三路 138号 云栖公寓', room: '3栋1单元502', tag: '家' },
  { address: '滨江区 江南大道 588号 星河科技园', room: 'B座12楼', tag: '公司' },
  { address: '拱墅区 湖墅南路 66号 运河花园', room: '7幢2单元1101', tag: '家' },
  { address: '上城区 解放路 205号 银泰写字楼', room: '21层2103室', tag: '公司' },
  { address: '西湖区 留和路 288号 浙科大学', room: '东区宿舍9号楼', tag: '学校' },
  { address: '余杭区 文一西路 969号 未来里', room: '5号楼608', tag: '公司' },
] as const;

export const REVIEWERS = ['吃**货', '小***鱼', '阿***明', '橙**子', '夜***猫', '匿名用户', '豆**包'] as const;

export const REVIEW_TEXTS = ['味道很好，分量足', '送得很快，还是热的', '包装很用心，没有洒', '口味偏重了一点', '性价比高，会回购', '比店里吃还香', '骑手很准时，点赞'] as const;

export const NICKNAMES = ['吃饱了吗', '今天吃什么', '干饭人阿杰', '小馋猫'] as const;
