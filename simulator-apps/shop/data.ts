/** Invented content for the shop's seed: brands, product kinds, shops, people, review texts. None is a real company. */
import type { ShopCategory } from './types.ts';

export interface OptionSchema {
  name: string;
  values: readonly string[];
  /** Extra fen per value index (a bigger capacity costs more); absent = same price. */
  step?: number;
}

/** The drawings of ui/ProductImage.svelte, one per kind of product (../art.ts colours and varies them). */
export type ProductArtKind =
  | 'earbuds'
  | 'watch'
  | 'tablet'
  | 'charger'
  | 'powerBank'
  | 'keyboard'
  | 'airFryer'
  | 'vacuum'
  | 'kettle'
  | 'hairDryer'
  | 'blender'
  | 'tshirt'
  | 'puffer'
  | 'trousers'
  | 'hoodie'
  | 'cardigan'
  | 'serum'
  | 'lipstick'
  | 'sunscreen'
  | 'cleanser'
  | 'creamJar'
  | 'nuts'
  | 'nougat'
  | 'teaTin'
  | 'coffeeJar'
  | 'toast'
  | 'pillow'
  | 'bedding'
  | 'shelf'
  | 'candle'
  | 'towel'
  | 'runningShoe'
  | 'yogaMat'
  | 'sportTee'
  | 'dumbbell'
  | 'bottle'
  | 'novel'
  | 'boxSet'
  | 'financeBook'
  | 'cookbook'
  | 'historyBook';

export interface Kind {
  name: string;
  glyph: string;
  /** Which drawing the product's picture is (ui/ProductImage.svelte). */
  art: ProductArtKind;
  /** Price range in yuan. */
  min: number;
  max: number;
  options: readonly OptionSchema[];
}

const COLORS = ['曜石黑', '星光白', '远峰蓝', '薄荷绿', '樱花粉'] as const;
const CLOTH = ['S', 'M', 'L', 'XL'] as const;
const SHOES = ['39', '40', '41', '42', '43'] as const;

export const CATEGORY_INFO: Record<ShopCategory, { hue: number; glyph: string; brands: readonly string[]; kinds: readonly Kind[] }> = {
  数码: {
    hue: 215,
    glyph: '数',
    brands: ['声悦', '极光', '云途', '墨岩'],
    kinds: [
      { name: '主动降噪蓝牙耳机 Air3', glyph: '耳', art: 'earbuds', min: 199, max: 599, options: [{ name: '颜色', values: COLORS.slice(0, 3) }] },
      { name: '智能手表 S2 运动版', glyph: '表', art: 'watch', min: 399, max: 1299, options: [{ name: '颜色', values: COLORS.slice(0, 3) }, { name: '表带', values: ['硅胶', '皮质'], step: 5000 }] },
      { name: '轻薄平板电脑 11英寸', glyph: '板', art: 'tablet', min: 1499, max: 3299, options: [{ name: '颜色', values: COLORS.slice(0, 2) }, { name: '存储', values: ['128GB', '256GB'], step: 50000 }] },
      { name: '65W氮化镓快充充电器', glyph: '充', art: 'charger', min: 59, max: 149, options: [{ name: '颜色', values: COLORS.slice(0, 2) }] },
      { name: '20000mAh移动电源', glyph: '电', art: 'powerBank', min: 79, max: 199, options: [{ name: '颜色', values: COLORS.slice(0, 3) }] },
      { name: '机械键盘 87键', glyph: '键', art: 'keyboard', min: 199, max: 499, options: [{ name: '轴体', values: ['红轴', '青轴', '茶轴'] }] },
    ],
  },
  家电: {
    hue: 190,
    glyph: '电',
    brands: ['暖居', '清川', '北极星', '小禾'],
    kinds: [
      { name: '空气炸锅 5L 大容量', glyph: '锅', art: 'airFryer', min: 199, max: 499, options: [{ name: '颜色', values: ['奶白', '雾灰'] }] },
      { name: '除螨吸尘器 无线手持', glyph: '吸', art: 'vacuum', min: 399, max: 1299, options: [{ name: '颜色', values: ['奶白', '雾灰'] }] },
      { name: '电热水壶 1.7L', glyph: '壶', art: 'kettle', min: 69, max: 199, options: [{ name: '颜色', values: ['奶白', '雾灰', '薄荷绿'] }] },
      { name: '负离子吹风机', glyph: '吹', art: 'hairDryer', min: 129, max: 399, options: [{ name: '颜色', values: ['奶白', '樱花粉', '曜石黑'] }] },
      { name: '破壁料理机 静音款', glyph: '料', art: 'blender', min: 299, max: 899, options: [{ name: '规格', values: ['标准版', '加热版'], step: 10000 }] },
    ],
  },
  服饰: {
    hue: 330,
    glyph: '衣',
    brands: ['简衣', '棉语', '山野', '拾光'],
    kinds: [
      { name: '纯棉圆领短袖T恤', glyph: 'T', art: 'tshirt', min: 49, max: 129, options: [{ name: '颜色', values: ['白色', '黑色', '雾蓝'] }, { name: '尺码', values: CLOTH }] },
      { name: '轻薄羽绒服 男女同款', glyph: '羽', art: 'puffer', min: 299, max: 799, options: [{ name: '颜色', values: ['黑色', '燕麦色'] }, { name: '尺码', values: CLOTH }] },
      { name: '直筒休闲长裤', glyph: '裤', art: 'trousers', min: 99, max: 259, options: [{ name: '颜色', values: ['卡其', '黑色'] }, { name: '尺码', values: CLOTH }] },
      { name: '连帽卫衣 加绒', glyph: '卫', art: 'hoodie', min: 129, max: 299, options: [{ name: '颜色', values: ['灰色', '藏青', '白色'] }, { name: '尺码', values: CLOTH }] },
      { name: '针织开衫 春秋款', glyph: '衫', art: 'cardigan', min: 129, max: 329, options: [{ name: '颜色', values: ['米白', '浅灰'] }, { name: '尺码', values: CLOTH.slice(0, 3) }] },
    ],
  },
  美妆: {
    hue: 345,
    glyph: '妆',
    brands: ['雪漾', '花研', '初禾', '露庭'],
    kinds: [
      { name: '玻尿酸保湿精华液', glyph: '精', art: 'serum', min: 99, max: 399, options: [{ name: '容量', values: ['30ml', '50ml'], step: 8000 }] },
      { name: '丝绒哑光口红', glyph: '唇', art: 'lipstick', min: 69, max: 259, options: [{ name: '色号', values: ['#01 正红', '#02 豆沙', '#03 枫叶'] }] },
      { name: '清透防晒乳 SPF50+', glyph: '晒', art: 'sunscreen', min: 59, max: 199, options: [{ name: '容量', values: ['40ml', '80ml'], step: 5000 }] },
      { name: '氨基酸洁面乳', glyph: '洁', art: 'cleanser', min: 39, max: 129, options: [{ name: '容量', values: ['100g', '150g'], step: 2000 }] },
      { name: '修护面霜', glyph: '霜', art: 'creamJar', min: 129, max: 499, options: [{ name: '容量', values: ['30g', '50g'], step: 9000 }] },
    ],
  },
  食品: {
    hue: 28,
    glyph: '食',
    brands: ['山里红', '麦香村', '果然鲜', '茶语'],
    kinds: [
      { name: '每日坚果 混合装', glyph: '果', art: 'nuts', min: 39, max: 129, options: [{ name: '规格', values: ['15袋', '30袋'], step: 4000 }] },
      { name: '手工牛轧糖', glyph: '糖', art: 'nougat', min: 29, max: 89, options: [{ name: '口味', values: ['原味', '抹茶', '蔓越莓'] }] },
      { name: '高山绿茶 明前特级', glyph: '茶', art: 'teaTin', min: 69, max: 299, options: [{ name: '规格', values: ['125g', '250g'], step: 6000 }] },
      { name: '冻干咖啡粉 速溶', glyph: '啡', art: 'coffeeJar', min: 49, max: 159, options: [{ name: '口味', values: ['美式', '拿铁', '生椰'] }] },
      { name: '全麦吐司面包', glyph: '麦', art: 'toast', min: 19, max: 59, options: [{ name: '规格', values: ['400g', '800g'], step: 1500 }] },
    ],
  },
  家居: {
    hue: 150,
    glyph: '家',
    brands: ['木语', '栖屋', '素白', '安眠'],
    kinds: [
      { name: '记忆棉护颈枕', glyph: '枕', art: 'pillow', min: 79, max: 259, options: [{ name: '颜色', values: ['白色', '浅灰'] }] },
      { name: '全棉四件套 1.8m床', glyph: '床', art: 'bedding', min: 199, max: 599, options: [{ name: '颜色', values: ['米白', '雾蓝', '豆绿'] }] },
      { name: '实木收纳置物架', glyph: '架', art: 'shelf', min: 99, max: 399, options: [{ name: '尺寸', values: ['三层', '四层'], step: 4000 }] },
      { name: '香薰蜡烛礼盒', glyph: '香', art: 'candle', min: 49, max: 169, options: [{ name: '香型', values: ['白茶', '雪松', '无花果'] }] },
      { name: '加厚纯棉浴巾', glyph: '巾', art: 'towel', min: 39, max: 129, options: [{ name: '颜色', values: ['白色', '浅灰', '樱花粉'] }] },
    ],
  },
  运动: {
    hue: 100,
    glyph: '动',
    brands: ['飞驰', '跃动', '行者', '蓝鲸'],
    kinds: [
      { name: '轻量缓震跑步鞋', glyph: '鞋', art: 'runningShoe', min: 299, max: 799, options: [{ name: '颜色', values: ['黑白', '荧光绿'] }, { name: '尺码', values: SHOES }] },
      { name: '加厚防滑瑜伽垫', glyph: '垫', art: 'yogaMat', min: 59, max: 199, options: [{ name: '颜色', values: ['紫色', '蓝色', '粉色'] }] },
      { name: '速干运动T恤', glyph: '速', art: 'sportTee', min: 59, max: 159, options: [{ name: '颜色', values: ['黑色', '白色'] }, { name: '尺码', values: CLOTH }] },
      { name: '可调节哑铃 20kg', glyph: '铃', art: 'dumbbell', min: 199, max: 599, options: [{ name: '规格', values: ['10kg', '20kg'], step: 15000 }] },
      { name: '运动保温水杯 750ml', glyph: '杯', art: 'bottle', min: 49, max: 149, options: [{ name: '颜色', values: ['黑色', '白色', '蓝色'] }] },
    ],
  },
  图书: {
    hue: 260,
    glyph: '书',
    brands: ['青灯出版社', '远山文库', '星火书局', '知新出版社'],
    kinds: [
      { name: '《城南旧梦》长篇小说', glyph: '书', art: 'novel', min: 29, max: 69, options: [{ name: '版本', values: ['平装', '精装'], step: 2000 }] },
      { name: '《给孩子的科学课》全8册', glyph: '科', art: 'boxSet', min: 99, max: 259, options: [{ name: '版本', values: ['平装', '精装'], step: 6000 }] },
      { name: '《极简理财入门》', glyph: '财', art: 'financeBook', min: 29, max: 59, options: [{ name: '版本', values: ['平装', '电子书兑换码'] }] },
      { name: '《家常菜一本通》', glyph: '菜', art: 'cookbook', min: 29, max: 79, options: [{ name: '版本', values: ['平装', '精装'], step: 1500 }] },
      { name: '《写给大家的中国史》', glyph: '史', art: 'historyBook', min: 39, max: 99, options: [{ name: '版本', values: ['平装', '精装'], step: 2500 }] },
    ],
  },
};

/**
 * Look-alike pairs: the same product kind from two brands whose names differ by one character.
 * Always in the catalogue (trap tasks name the brand).
 */
export const TRAP_PAIRS: readonly { category: ShopCategory; kind: number; brands: readonly [string, string] }[] = [
  { category: '数码', kind: 0, brands: ['声悦', '声跃'] },
  { category: '美妆', kind: 0, brands: ['雪漾', '雪样'] },
  { category: '运动', kind: 0, brands: ['飞驰', '飞弛'] },
];

export const SELF_SHOP = '优选自营';

export const REVIEW_TEXTS: Record<ShopCategory, readonly string[]> = {
  数码: ['音质很好，降噪也够用', '续航比想象的长', '做工扎实，手感不错', '物流很快，包装完好', '性价比高，推荐'],
  家电: ['噪音小，很好用', '颜值高，放厨房很搭', '功率足，效果明显', '客服很耐心', '用了一周，挺满意'],
  服饰: ['面料舒服，不起球', '尺码标准，按平时买就行', '颜色和图片一样', '版型好看，会回购', '洗了两次没变形'],
  美妆: ['很滋润，不油腻', '味道淡淡的很好闻', '用完皮肤很舒服', '包装精致，适合送人', '质地清爽好吸收'],
  食品: ['很新鲜，味道不错', '甜度刚好', '日期很新，包装完整', '家人都爱吃', '分量足，划算'],
  家居: ['质量很好，做工细致', '颜色温柔，很好搭', '安装简单', '软软的很舒服', '物超所值'],
  运动: ['很轻，跑起来很舒服', '防滑效果好', '尺码合适', '做工不错', '健身房必备'],
  图书: ['印刷清晰，纸张很好', '内容很有意思', '孩子很喜欢', '包装完好没有折角', '值得一读'],
};

export const REVIEWERS = ['小鱼', '阿木', '晴天', '橘子', '大熊', '米粒', '七七', '路人甲', '木木', '豆豆'] as const;

export const NICKNAMES = ['爱逛街的小满', '橘子汽水', '今天也要早睡', '山川与海'] as const;

export const PEOPLE = ['陈思远', '林晓雯', '王建国', '赵一诺', '孙悦', '周明', '刘芳', '黄子轩'] as const;

export const REGIONS = [
  '浙江省 杭州市 西湖区',
  '上海市 上海市 浦东新区',
  '广东省 深圳市 南山区',
  '江苏省 南京市 鼓楼区',
  '四川省 成都市 武侯区',
  '北京市 北京市 朝阳区',
  '湖北省 武汉市 洪山区',
] as const;

export const STREETS = ['文三路 118号 星河小区 3幢 602', '张江路 66弄 12号 1101', '科苑南路 9号 海景公寓 A座 1807', '中山北路 200号 2单元 401', '天府大道 888号 锦城花园 7栋 2203', '建国路 31号 院 5号楼 902', '珞喻路 1037号 东湖苑 8栋 301'] as const;

export const COURIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递'] as const;

export const HUBS = ['杭州转运中心', '上海分拨中心', '广州转运中心', '南京集散中心', '成都转运中心', '武汉分拨中心'] as const;

export const REFUND_REASONS = ['不想要了', '商品与描述不符', '质量问题', '发货太慢', '其他'] as const;
