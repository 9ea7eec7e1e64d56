/**
 * Fixed data for 路路通: name pools for streets, districts, rivers and places, the ride classes
 * with their tariffs, and invented drivers. The city's name and its railway stations are real
 * (the railway app's); every street, district, place, phone number and person is our own.
 */
import type { PlaceCategory, RideClass } from './types.ts';

export const MAPS_APP_ID = 'maps';
/** What the wallet shows as the payee of a ride. */
export const RIDE_MERCHANT = '路路通出行';

/** Cities of the railway app with two stations or more, and their area codes (for landlines). */
export const CITIES: readonly { name: string; stations: readonly [string, string]; area: string; plate: string }[] = [
  { name: '杭州', stations: ['杭州东', '杭州'], area: '0571', plate: '浙A' },
  { name: '南京', stations: ['南京南', '南京'], area: '025', plate: '苏A' },
  { name: '苏州', stations: ['苏州', '苏州北'], area: '0512', plate: '苏E' },
  { name: '上海', stations: ['上海虹桥', '上海'], area: '021', plate: '沪B' },
  { name: '天津', stations: ['天津', '天津南'], area: '022', plate: '津A' },
];

export const V_STREETS = ['明远路', '青枫路', '文澜路', '南屏路', '秋涛路', '望潮路', '听涛路', '栖霞路', '桂语路', '云栖路', '松涛路', '映月路'];
export const H_STREETS = ['华灯街', '长庆街', '凤起大道', '兴文大道', '春晓街', '紫荆大道', '振华街', '锦绣大道', '时代大道'];
export const DISTRICTS = ['老城区', '江北区', '高新区', '滨江区', '湖畔区', '东港区', '西岭区', '南湖区'];
export const RIVERS = ['澄澜江', '玉带河', '青溪江', '明月江'];

/** How many places of each category a city gets, and how their names are made. */
export interface CategorySpec {
  category: PlaceCategory;
  count: number;
  /** Names are `first + second` (distinct), or a fixed list with `{city}`/`{river}` filled in. */
  first?: readonly string[];
  second?: readonly string[];
  fixed?: readonly string[];
  /** Opening hours to pick from. */
  hours: readonly string[];
  taglines: readonly string[];
  /** Fen per person, [min, max] in 5-yuan steps; absent: no price. */
  price?: readonly [number, number];
}

export const CATEGORY_SPECS: readonly CategorySpec[] = [
  { category: '美食', count: 9, first: ['阿福', '老街', '川味', '小林', '鲜丰', '稻香', '南巷', '渔家', '金顺', '麦田'], second: ['面馆', '小馆', '火锅', '烧烤', '饺子馆', '茶餐厅', '私房菜', '米线'], hours: ['10:00-21:30', '11:00-22:00', '10:30-14:00', '17:00-02:00', '07:00-20:00'], taglines: ['人气老店', '家常味道', '排队名店', '深夜食堂', '适合聚餐'], price: [2500, 15000] },
  { category: '咖啡', count: 5, first: ['拾光', '半日', '慢岛', '木白', '南柯', '晴川', '北窗'], second: ['咖啡', '咖啡馆', '烘焙坊'], hours: ['08:00-20:00', '09:00-22:00', '07:30-19:00'], taglines: ['手冲精品', '安静可办公', '甜点好吃', '露台座位'], price: [2500, 6000] },
  { category: '购物', count: 5, first: ['星汇', '云集', '花样', '明珠', '金座', '新天'], second: ['购物中心', '广场', '百货', '生鲜超市'], hours: ['10:00-22:00', '08:00-22:30', '09:30-21:30'], taglines: ['品牌集合', '停车方便', '周末有活动', '生活日用'] },
  { category: '酒店', count: 4, first: ['澜庭', '云栖', '锦悦', '君澜', '青舍', '望江'], second: ['酒店', '大酒店', '宾馆', '精品民宿'], hours: ['00:00-24:00'], taglines: ['近地铁', '含早餐', '江景房', '商务出行'] },
  { category: '景点', count: 4, fixed: ['{city}博物馆', '{river}观景台', '古城钟楼', '{city}美术馆', '科技馆'], hours: ['09:00-17:00', '08:30-17:30', '00:00-24:00'], taglines: ['免费参观', '周一闭馆', '夜景很美', '适合亲子'] },
  { category: '医院', count: 3, fixed: ['{city}第一人民医院', '{city}中医院', '{city}儿童医院', '社区卫生服务中心'], hours: ['00:00-24:00', '08:00-17:30'], taglines: ['三甲医院', '急诊24小时', '专科门诊'] },
  { category: '学校', count: 3, fixed: ['{city}第二中学', '实验小学', '{city}大学', '外国语学校'], hours: ['07:00-18:00'], taglines: ['市重点', '百年老校', '校园开放日'] },
  { category: '交通', count: 3, fixed: ['汽车客运中心', '机场大巴乘车点', '城北公交枢纽'], hours: ['05:30-23:00', '06:00-22:00'], taglines: ['换乘方便', '首末班车', '售票窗口'] },
  { category: '公司', count: 6, first: ['星途', '云帆', '远航', '瑞丰', '恒信', '启明', '嘉禾', '卓越'], second: ['科技', '网络', '物流', '设计', '会计师事务所', '软件'], hours: ['09:00-18:00', '08:30-17:30'], taglines: ['写字楼', '园区', '总部'] },
  { category: '银行', count: 3, first: ['城商', '兴业', '农信', '邮储'], second: ['银行'], hours: ['09:00-17:00'], taglines: ['对公业务', '自助银行24小时', '周末营业'] },
  { category: '公园', count: 3, fixed: ['{river}湿地公园', '滨江公园', '植物园', '中山公园'], hours: ['05:00-22:00', '00:00-24:00'], taglines: ['跑步绿道', '湖景', '樱花季'] },
  { category: '住宅', count: 6, first: ['桂语', '翠苑', '金色', '绿城', '阳光', '和园', '锦绣', '春江'], second: ['花园', '小区', '家园', '公寓', '里'], hours: ['00:00-24:00'], taglines: ['住宅小区', '人车分流', '近学校'] },
];

/** Category → the colour of its pin and icon on the map. */
export const CATEGORY_COLORS: Record<PlaceCategory, string> = {
  美食: '#ff7a45', 咖啡: '#a0522d', 购物: '#eb2f96', 酒店: '#722ed1', 景点: '#fa8c16', 医院: '#f5222d',
  学校: '#2f54eb', 交通: '#1677ff', 公司: '#13a8a8', 银行: '#d4a106', 公园: '#52c41a', 住宅: '#8c8c8c',
};

/** The categories shown as chips under the search bar, in order. */
export const QUICK_CATEGORIES: readonly PlaceCategory[] = ['美食', '咖啡', '酒店', '购物', '景点', '公园', '医院', '银行'];

export interface RideTariff {
  cls: RideClass;
  name: string;
  /** One line under the name. */
  note: string;
  /** Fen. */
  start: number;
  perKm: number;
  perMinute: number;
  /** Fen: no ride costs less. */
  minimum: number;
  seats: number;
}

/** The ride classes, cheapest first (README: the price formula). */
export const RIDE_TARIFFS: readonly RideTariff[] = [
  { cls: 'saver', name: '特惠快车', note: '多等一会儿，更省钱', start: 800, perKm: 150, perMinute: 30, minimum: 900, seats: 4 },
  { cls: 'express', name: '快车', note: '快速应答', start: 1000, perKm: 180, perMinute: 40, minimum: 1100, seats: 4 },
  { cls: 'premium', name: '优享', note: '舒适车型，优质司机', start: 1300, perKm: 230, perMinute: 50, minimum: 1500, seats: 4 },
  { cls: 'business', name: '专车', note: '商务车型，专属服务', start: 2000, perKm: 350, perMinute: 80, minimum: 2500, seats: 6 },
];

export const DRIVER_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
export const CAR_MODELS = ['比亚迪秦', '大众朗逸', '丰田卡罗拉', '日产轩逸', '别克英朗', '吉利帝豪', '本田思域', '广汽埃安S'];
export const CAR_COLORS = ['白色', '黑色', '银色', '蓝色', '灰色'];
/** Business class cars. */
export const BUSINESS_MODELS = ['别克GL8', '丰田埃尔法', '奥迪A6L', '奔驰E级'];
