/**
 * Fixed data 邮箱's seed draws from: people (names with pinyin for their addresses), mail
 * domains, the services that write to me, and the kinds of mail with their subjects and bodies.
 * All invented for this phone. Pure.
 */

/** Surnames with their pinyin. */
export const SURNAMES: readonly [string, string][] = [
  ['王', 'wang'], ['李', 'li'], ['张', 'zhang'], ['刘', 'liu'], ['陈', 'chen'], ['杨', 'yang'], ['黄', 'huang'], ['赵', 'zhao'],
  ['周', 'zhou'], ['吴', 'wu'], ['徐', 'xu'], ['孙', 'sun'], ['马', 'ma'], ['朱', 'zhu'], ['胡', 'hu'], ['郭', 'guo'],
  ['何', 'he'], ['高', 'gao'], ['林', 'lin'], ['罗', 'luo'], ['郑', 'zheng'], ['梁', 'liang'], ['谢', 'xie'], ['宋', 'song'],
  ['唐', 'tang'], ['韩', 'han'], ['冯', 'feng'], ['邓', 'deng'], ['曹', 'cao'], ['彭', 'peng'], ['曾', 'zeng'], ['萧', 'xiao'],
];

/** Given names (two characters) with their pinyin. */
export const GIVEN_NAMES: readonly [string, string][] = [
  ['思远', 'siyuan'], ['雨桐', 'yutong'], ['浩然', 'haoran'], ['欣怡', 'xinyi'], ['子轩', 'zixuan'], ['梦琪', 'mengqi'], ['俊杰', 'junjie'], ['诗涵', 'shihan'],
  ['宇航', 'yuhang'], ['佳怡', 'jiayi'], ['志强', 'zhiqiang'], ['晓雯', 'xiaowen'], ['明轩', 'mingxuan'], ['婉清', 'wanqing'], ['天佑', 'tianyou'], ['可馨', 'kexin'],
  ['建国', 'jianguo'], ['丽娜', 'lina'], ['博文', 'bowen'], ['静怡', 'jingyi'], ['一鸣', 'yiming'], ['若曦', 'ruoxi'], ['嘉豪', 'jiahao'], ['雅琴', 'yaqin'],
  ['凯文', 'kaiwen'], ['安琪', 'anqi'], ['振华', 'zhenhua'], ['秋月', 'qiuyue'], ['伟杰', 'weijie'], ['晨曦', 'chenxi'],
];

/** My company's domain and others' (work mail), and personal mail domains. */
export const WORK_DOMAINS = ['xingheyun.com', 'lanqiao-tech.cn', 'beichen.design', 'qingmu.io'] as const;
export const PERSONAL_DOMAINS = ['qmail.com', '163mail.cn', 'foxmail.cn', 'sinamail.cn'] as const;

/** Custom folders the seed may make (2-3 of them). */
export const FOLDER_NAMES = ['工作', '账单', '旅行', '学习', '订阅', '家庭'] as const;
/** Names a task may ask for a new folder by: none is a seeded folder. */
export const NEW_FOLDER_NAMES = ['发票', '项目资料', '待处理', '报销', '合同', '面试'] as const;

export interface Service {
  name: string;
  address: string;
}

/** Services that send verification codes. */
export const CODE_SERVICES: readonly Service[] = [
  { name: '云盘安全中心', address: 'security@yunpan-safe.cn' },
  { name: '星河账号', address: 'noreply@xinghe-id.com' },
  { name: '快游平台', address: 'verify@kuaiyou.cn' },
  { name: '书香会员', address: 'account@shuxiang.cn' },
];

/** Newsletters and notices (mail no person wrote). */
export const NEWSLETTERS: readonly (Service & { subjects: readonly string[] })[] = [
  { name: '好物周刊', address: 'weekly@haowu-zine.cn', subjects: ['本周好物：收纳篇', '换季清单来了', '厨房小物合集'] },
  { name: '读书会', address: 'club@dushuhui.org', subjects: ['三月共读书单', '本周读书会时间调整', '会员专享讲座预告'] },
  { name: '城市跑团', address: 'hi@citrun.club', subjects: ['周末滨江夜跑报名', '春季半马训练计划', '跑团装备团购'] },
  { name: '影迷周报', address: 'news@yingmi-weekly.cn', subjects: ['本周新片推荐', '经典重映排期', '影评征集活动'] },
];

/** Banks that send a monthly bill. */
export const BANKS: readonly Service[] = [
  { name: '招远银行信用卡', address: 'bill@zhaoyuanbank.cn' },
  { name: '海川银行', address: 'estatement@haichuanbank.com' },
];

/** Senders of spam. */
export const SPAMMERS: readonly (Service & { subject: string; body: string })[] = [
  { name: '中奖通知', address: 'prize@lucky-win88.top', subject: '恭喜您获得iPhone一台！', body: '您已被抽中为幸运用户，点击链接填写收货信息即可领取，限时24小时。' },
  { name: '贷款专员', address: 'loan@kuaidai-vip.xyz', subject: '无抵押低息贷款，当天到账', body: '额度最高50万，月息低至0.3%，回复本邮件即可办理。' },
  { name: '发票代开', address: 'fapiao@daikai-365.top', subject: '各类发票代开', body: '正规渠道，价格优惠，详询客服。' },
  { name: '游戏礼包', address: 'gift@youxi-libao.xyz', subject: '首充送万元礼包', body: '新区开服，注册即送豪华礼包，速来！' },
  { name: '海外代购', address: 'shop@daigou-cheap.top', subject: '大牌包包一折清仓', body: '原单尾货，数量有限，先到先得。' },
];

/** Meeting topics and rooms. */
export const MEETING_TOPICS = ['季度复盘会', '新版本需求评审', '客户方案讨论', '设计走查', '预算沟通会', '招聘面试安排', '上线前检查会', '团队分享会'] as const;
export const MEETING_PLACES = ['3号会议室', '5楼大会议室', '线上会议', '2号洽谈室', '7楼培训室'] as const;

/** Work projects (weekly reports, documents). */
export const PROJECTS = ['云帆', '青鸟', '北斗', '星火', '海棠', '远山'] as const;

/** Places friends write about (photos). */
export const TRIP_PLACES = ['洱海', '黄山', '鼓浪屿', '西湖', '长白山', '婺源', '漓江', '乌镇'] as const;

/** Short texts a person writes (friends, colleagues), by kind. */
export const FRIEND_LINES = [
  '上次说的照片整理好了，发你看看，挑几张喜欢的。',
  '周末有空吗？想约你一起吃个饭，顺便聊聊近况。',
  '最近读了一本很好看的书，推荐给你，有空可以看看。',
  '生日快乐！礼物已经寄出，记得查收哦。',
  '下个月的旅行攻略我整理了一份，你看看有没有要补充的。',
] as const;

export const WORK_LINES = [
  '附件是本周的进度汇总，请查收，有问题随时沟通。',
  '方案初稿已经更新，麻烦抽空看一下，周五前给我反馈即可。',
  '客户那边确认了时间节点，我们需要提前准备演示材料。',
  '报销单已经提交，请帮忙审批一下，谢谢。',
  '新同事下周一入职，请大家多多关照。',
] as const;

/** Subjects I write (sent mail) and my drafts. */
export const MY_SUBJECTS = ['周末聚餐地点', '资料已发送', '关于下周的安排', '请假申请', '照片分享', '项目进度同步', '会议纪要'] as const;

/** Every service's address: their mail shows a letter, not a person's picture (ui/Avatar.svelte). */
export const SERVICE_ADDRESSES: ReadonlySet<string> = new Set([...CODE_SERVICES, ...NEWSLETTERS, ...BANKS, ...SPAMMERS].map((s) => s.address));
