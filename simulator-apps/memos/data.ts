/**
 * Fixed content the 备忘录 seed draws from: folder names, checklist pools, recipes with steps,
 * meeting notes, thoughts and the lock-screen hints. All invented for this phone. Pure.
 */

export const FOLDER_NAMES = ['工作', '生活', '学习', '旅行', '家庭', '灵感', '健身'] as const;

/** Checklists: a title and the pool its items are drawn from. */
export interface ChecklistKind {
  titles: readonly string[];
  items: readonly string[];
  folder: (typeof FOLDER_NAMES)[number];
}

export const CHECKLISTS: readonly ChecklistKind[] = [
  { titles: ['周末买菜', '超市采购'], folder: '生活', items: ['西红柿', '鸡蛋', '牛奶', '五花肉', '青椒', '土豆', '香菜', '豆腐', '酸奶', '苹果', '面包', '挂面', '生抽', '大米', '香蕉', '葱姜蒜'] },
  { titles: ['日用品补货'], folder: '家庭', items: ['洗衣液', '抽纸', '牙膏', '垃圾袋', '洗洁精', '保鲜膜', '电池', '洗发水', '纸杯', '拖把头'] },
  { titles: ['出差行李清单', '露营装备'], folder: '旅行', items: ['身份证', '充电宝', '数据线', '雨伞', '防晒霜', '换洗衣物', '笔记本电脑', '保温杯', '拖鞋', '帐篷', '头灯', '驱蚊液'] },
  { titles: ['想读的书'], folder: '学习', items: ['《山海之间》', '《慢火》', '《第七个夏天》', '《纸上城市》', '《灯塔的守夜人》', '《雾里的河》', '《一百种面包》', '《远方来信》'] },
  { titles: ['这周待办', '本月待办'], folder: '工作', items: ['交水电费', '预约体检', '整理周报', '回复王经理邮件', '报销差旅费', '更新简历', '续费视频会员', '取干洗衣服', '给绿萝换盆', '预约洗牙'] },
  { titles: ['装修待办'], folder: '家庭', items: ['量窗帘尺寸', '联系水电师傅', '选瓷砖', '买灯具', '定做衣柜', '安装热水器', '约保洁开荒'] },
  { titles: ['想看的电影'], folder: '生活', items: ['《北岸灯火》', '《追风的少年》', '《月亮邮局》', '《最后一班渡轮》', '《橘子汽水》', '《银河修理铺》'] },
];

export interface Recipe {
  title: string;
  ingredients: string;
  steps: readonly string[];
}

/** Recipes: a heading, the ingredients, then one paragraph a step (numbered when shown). */
export const RECIPES: readonly Recipe[] = [
  { title: '番茄牛腩做法', ingredients: '牛腩500克、番茄3个、洋葱半个、姜片、八角', steps: ['牛腩切块冷水下锅焯水', '番茄划十字烫去皮切块', '热油炒香姜片和洋葱', '下牛腩翻炒后加番茄炒出汁', '加热水没过牛腩小火炖一个半小时', '出锅前加盐调味'] },
  { title: '葱油拌面做法', ingredients: '细面、小葱一把、生抽、老抽、白糖', steps: ['小葱洗净切段晾干', '冷油下葱段小火熬到焦黄', '加生抽老抽白糖煮开成葱油汁', '面条煮熟过凉水', '淋上葱油汁拌匀'] },
  { title: '可乐鸡翅做法', ingredients: '鸡翅中10个、可乐一罐、姜片、料酒', steps: ['鸡翅两面划刀用料酒腌十分钟', '冷水下锅焯水捞出', '煎到两面金黄', '倒入可乐没过鸡翅', '大火收汁到浓稠'] },
  { title: '蒜蓉西兰花做法', ingredients: '西兰花一颗、大蒜五瓣、蚝油', steps: ['西兰花掰小朵用盐水泡十分钟', '开水焯一分钟捞出', '蒜末下油锅炒香', '倒入西兰花大火翻炒', '加蚝油和少许盐出锅'] },
  { title: '红豆薏米粥做法', ingredients: '红豆50克、薏米50克、冰糖', steps: ['红豆薏米提前泡一晚', '加十倍的水大火煮开', '转小火煮一小时', '加冰糖再煮十分钟'] },
];

/** Meeting notes: a title, paragraphs, and follow-ups as a checklist. */
export const MEETINGS: readonly { title: string; lines: readonly string[]; todos: readonly string[] }[] = [
  { title: '周三项目例会', lines: ['参会：产品、设计、后端、测试', '新版首页下周二提测，设计稿周五前定稿', '登录页的埋点数据还缺两天'], todos: ['整理需求变更清单', '约设计评审', '跟进埋点补数'] },
  { title: '季度复盘要点', lines: ['本季度新增用户比预期多一成', '客服工单平均处理时长仍偏高', '下季度重点：留存和老用户召回'], todos: ['准备复盘PPT', '汇总客服数据', '和运营对齐召回方案'] },
  { title: '年会筹备会', lines: ['场地定在三楼多功能厅', '节目报名截止到下周五', '抽奖预算待财务确认'], todos: ['统计节目报名', '询价舞台灯光', '确认奖品清单'] },
];

/** Notes of plain paragraphs. */
export const THOUGHTS: readonly { title: string; lines: readonly string[]; folder: (typeof FOLDER_NAMES)[number] }[] = [
  { title: '健身计划', folder: '健身', lines: ['周一、周三、周五练力量，周二、周四慢跑5公里', '每次练完拉伸十分钟', '晚饭少吃主食，多喝水'] },
  { title: '灵感随记', folder: '灵感', lines: ['咖啡店的杯套可以印成一张小地图', '阳台种一排薄荷和罗勒，做菜随手摘', '周末试试只用胶片相机拍一整天'] },
  { title: '英语学习安排', folder: '学习', lines: ['每天早上背30个单词', '通勤路上听一期播客', '周末写一篇短文给老师改'] },
  { title: '家里WiFi信息', folder: '家庭', lines: ['名称：Home_5G', '路由器在电视柜左边抽屉', '宽带报修电话在路由器背面'] },
  { title: '旅行攻略草稿', folder: '旅行', lines: ['第一天：古城、夜市', '第二天：早起看日出，下午去湖边骑行', '第三天：博物馆，傍晚返程'] },
  { title: '孩子的兴趣班', folder: '家庭', lines: ['周六上午：美术，九点到十点半', '周日下午：游泳，带泳镜和毛巾', '学费月底前交'] },
];

/** Locked memos: private things, never shown without the password. */
export const PRIVATE_NOTES: readonly { title: string; lines: readonly string[] }[] = [
  { title: '私人日记', lines: ['今天终于把拖了很久的事情做完了', '心情不错，晚上去江边走了走'] },
  { title: '生日惊喜计划', lines: ['订蛋糕：提前三天', '礼物藏在书房柜子最上层', '当天晚上七点在餐厅集合'] },
  { title: '会员卡备注', lines: ['健身房会员卡号写在卡背面', '游泳馆储值卡还剩八次'] },
];

/** Sketch memos: a title and a caption under the drawing. */
export const SKETCHES: readonly { title: string; caption: string }[] = [
  { title: '客厅布局草图', caption: '沙发靠窗，书架放在门边' },
  { title: '阳台花园规划', caption: '左边种花，右边放两把椅子' },
  { title: '新logo草稿', caption: '圆形加一片叶子，颜色再试试' },
  { title: '周末写生', caption: '公园湖边，下午三点的光' },
];

/** Lock-screen hints and the passwords the seed draws from. */
export const PASSWORDS = ['2580', '1314', '0826', '7319', '4096', '5172', '3608', '9413'] as const;
export const HINTS = ['常用的四位数字', '门禁密码', '手机尾号倒过来', '纪念日'] as const;
