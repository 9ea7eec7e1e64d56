/**
 * Raw material for groups (群聊) and moments (朋友圈), invented for phonegym. In a group script
 * `m` is me and `1`…`4` are the group's members in the order the seed draws them.
 */
import type { MomentImage } from './types.ts';

export type GroupLine = readonly ['m' | '1' | '2' | '3' | '4', string];

export interface GroupSeed {
  name: string;
  /** Who owns it: me, or the first drawn member. */
  owner: 'me' | 'first';
  /** Include 妈妈 as the first member. */
  withMom?: boolean;
  /** Include 刘总 as the first member. */
  withBoss?: boolean;
  /** Members besides me: [min, max]. */
  size: [number, number];
  announcement: string;
  lines: readonly GroupLine[];
}

const g = (text: string): GroupLine[] =>
  text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => [l[0] as GroupLine[0], l.slice(2).trim()] as const);

export const GROUP_SEEDS: readonly GroupSeed[] = [
  {
    name: '相亲相爱一家人',
    owner: 'first',
    withMom: true,
    size: [4, 6],
    announcement: '清明节全家回老家扫墓，4月4日上午九点在老屋集合。',
    lines: g(`
1 今天包了饺子，白菜猪肉馅的
2 看着就好吃！
3 下次回来给我留一盘
1 冰箱里冻了好多，回来就有
m 妈包的饺子最好吃了
2 清明大家都回来吗
3 我订好票了，3号晚上到
m 我也回，4号一早到`),
  },
  {
    name: '项目组',
    owner: 'me',
    withBoss: true,
    size: [5, 8],
    announcement: '每周一上午十点例会，周报请在周五下班前发到群里。',
    lines: g(`
1 下周一的评审材料大家准备一下
2 收到
3 接口文档我今晚更新
m 测试环境已经部署好了，地址发在文档里
4 登录页有个样式问题，我截图给你们
3 是安卓还是苹果上的
4 安卓，字体显示偏大
m 我来看一下，今天修掉
1 辛苦了，周五前提测`),
  },
  {
    name: '大学同学',
    owner: 'first',
    size: [7, 9],
    announcement: '毕业十周年聚会定在五月第二个周六，地点待定，请大家接龙报名。',
    lines: g(`
1 十周年聚会大家有空吗
2 必须到！
3 我在外地，尽量赶回来
4 地点定在学校附近吧，好怀念食堂的糖醋排骨
m 接龙：1.我
2 2.我
1 3.我 4.我家属哈哈
3 老班长威武`),
  },
  {
    name: '周末羽毛球群',
    owner: 'first',
    size: [5, 8],
    announcement: '每周六下午2-4点，体育中心3号馆，场地费AA，每人30元。',
    lines: g(`
1 本周六照常，还是3号馆
2 报名+1
m +1，我带一筒新球
3 这周有事，请假
4 我带个朋友可以吗
1 可以，场地够`),
  },
  {
    name: '周末徒步小分队',
    owner: 'me',
    size: [3, 5],
    announcement: '下次路线：滨江步道全程12公里，自带饮水，穿防滑鞋。',
    lines: g(`
m 下周去滨江步道怎么样
1 好啊，天气预报说晴天
2 我想带相机拍日出
m 那六点出发，地铁站集合
3 太早了吧哈哈，我尽量`),
  },
  {
    name: '读书会',
    owner: 'first',
    size: [4, 6],
    announcement: '本月共读《海边的灯塔》，月底线上分享，每人五分钟。',
    lines: g(`
1 这个月的书大家读到哪了
2 刚读完第三章
m 我读完了，结尾很意外
3 别剧透！
1 月底分享会见`),
  },
];

/** Moments' texts by contacts; `{place}` is filled with a place name. Keywords for queries appear in several. */
export const MOMENT_TEXTS: readonly string[] = [
  '周末在{place}喝到一杯超好喝的咖啡',
  '终于跑完了人生第一个半程马拉松！',
  '家里的猫又把花盆打翻了',
  '今天的晚霞太美了',
  '加班到十点，犒劳自己一顿火锅',
  '新学的红烧肉，卖相还可以吧',
  '春天来了，{place}的樱花开了',
  '读完一本好书，推荐给大家',
  '第一次尝试做蛋糕，失败了三次',
  '带爸妈去{place}玩了一天',
  '健身打卡第一百天',
  '今天是个好日子，升职啦',
  '下雨天和咖啡更配哦',
  '周末去{place}爬山，风景绝了',
  '新买的相机，随手拍几张',
  '猫咪今天学会了开门',
  '一个人的火锅也很快乐',
  '清晨的{place}，空气真好',
  '毕业五周年，老同学们都还好吗',
  '搬新家啦，欢迎来玩',
  '早起跑步五公里，状态不错',
  '今天在{place}吃到了正宗的小笼包',
  '又是被代码支配的一天',
  '孩子第一次上台表演，好紧张',
  '冬天的第一杯奶茶',
  '这家店的咖啡拉花太可爱了',
  '和好朋友去看了一场演唱会',
  '收到了远方寄来的明信片',
  '养的多肉终于开花了',
  '夜跑十公里，给自己点个赞',
  '在{place}看到了一只特别亲人的猫',
  '周末宅家追剧',
  '学会了做手冲咖啡',
  '第一次去海边露营',
  '今天天气真好，适合出去走走',
  '生日快乐，谢谢大家的祝福',
  '火锅配啤酒，周五的快乐',
  '路过{place}，想起了以前的日子',
  '马拉松报名成功，开始备战',
  '今天的早餐：豆浆油条',
  '新剪了头发，清爽多了',
  '把阳台改成了小花园',
];

/** Places a moment may mention. */
export const MOMENT_PLACES: readonly string[] = ['西湖边', '外滩', '植物园', '古镇', '江边', '老城区', '山顶', '小区楼下', '公园'];

/** My own moments. */
export const MY_MOMENT_TEXTS: readonly string[] = ['周末去江边骑车，风很舒服', '新入手一盆绿萝，希望能养活', '第一次自己做饭请朋友吃'];

/** Short comments people leave. */
export const COMMENT_TEXTS: readonly string[] = [
  '好羡慕！',
  '太好看了吧',
  '下次带上我',
  '在哪里呀',
  '厉害厉害',
  '哈哈哈哈',
  '看着就好吃',
  '注意休息呀',
  '恭喜恭喜！',
  '求推荐',
  '好久不见，什么时候聚聚',
  '这个角度绝了',
];

/** Replies to a comment. */
export const REPLY_TEXTS: readonly string[] = ['下次一起', '哈哈谢谢', '就在附近', '好呀', '回头发你地址', '一定一定'];

/** Pictures: a gradient and a glyph. */
export const MOMENT_IMAGES: readonly MomentImage[] = [
  { from: '#ffb88c', to: '#de6262', glyph: '霞' },
  { from: '#89f7fe', to: '#66a6ff', glyph: '海' },
  { from: '#a8e063', to: '#56ab2f', glyph: '山' },
  { from: '#fbc2eb', to: '#a6c1ee', glyph: '花' },
  { from: '#f6d365', to: '#fda085', glyph: '食' },
  { from: '#c79081', to: '#dfa579', glyph: '咖' },
  { from: '#d4fc79', to: '#96e6a1', glyph: '叶' },
  { from: '#a18cd1', to: '#fbc2eb', glyph: '夜' },
  { from: '#ffecd2', to: '#fcb69f', glyph: '猫' },
  { from: '#84fab0', to: '#8fd3f4', glyph: '湖' },
  { from: '#e0c3fc', to: '#8ec5fc', glyph: '云' },
  { from: '#ff9a9e', to: '#fecfef', glyph: '樱' },
];
