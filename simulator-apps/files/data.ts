/**
 * Fixed data of the file manager: the standard folders, and the names, sizes and texts the seed
 * draws files from (all invented for this phone). Pure.
 */
import type { FileKind } from './types.ts';

/** The folders every phone has under 内部存储, with the kinds of file each tends to hold. */
export const STANDARD_FOLDERS = [
  { key: 'download', name: 'Download' },
  { key: 'documents', name: 'Documents' },
  { key: 'dcim', name: 'DCIM' },
  { key: 'camera', name: 'Camera', parent: 'dcim' },
  { key: 'screenshots', name: 'Screenshots', parent: 'dcim' },
  { key: 'music', name: 'Music' },
  { key: 'movies', name: 'Movies' },
  { key: 'chat', name: '轻聊' },
] as const;

/** Folders a user may have made. */
export const USER_FOLDER_NAMES = ['工作资料', '旅行计划', '学习笔记', '孩子作业', '装修', '报销单据', '读书', '健身记录'] as const;

/** Names for new folders that tasks ask for: none is seeded. */
export const NEW_FOLDER_NAMES = ['归档', '待处理', '合同扫描', '照片备份', '年度总结', '临时文件'] as const;

/** Document stems by topic, with a line of text for each (what 打开 shows). */
export const DOC_STEMS: readonly { stem: string; text: string }[] = [
  { stem: '季度工作总结', text: '本季度完成三个版本上线，客户满意度提升，下季度重点是稳定性与成本控制。' },
  { stem: '项目周报', text: '本周完成接口联调与测试用例评审，下周计划灰度发布并收集反馈。' },
  { stem: '会议纪要', text: '会议确定了新版首页的改版方向，设计稿下周三前提交，周五评审。' },
  { stem: '租房合同', text: '甲方将位于青桐路的住房出租给乙方，租期一年，押一付三，水电自理。' },
  { stem: '体检报告', text: '各项指标基本正常，建议减少熬夜，适量运动，半年后复查血脂。' },
  { stem: '旅行攻略', text: '第一天游古城，第二天乘船游湖，第三天爬山看日出，注意带好防晒。' },
  { stem: '报销明细', text: '差旅交通费与住宿费合计，附发票十二张，请财务在月底前审核。' },
  { stem: '读书笔记', text: '作者认为习惯的力量来自微小的重复，每天进步一点点，一年后差别巨大。' },
  { stem: '课程表', text: '周一数学语文，周二英语科学，周三体育美术，周四音乐数学，周五综合实践。' },
  { stem: '简历', text: '五年产品经验，熟悉数据分析与用户研究，主导过两款百万用户级应用。' },
  { stem: '装修预算', text: '硬装预算十二万，软装六万，厨房与卫生间优先，客厅灯具另行选购。' },
  { stem: '年度计划', text: '读二十本书，学会游泳，每月存下收入的三成，带父母出去旅行一次。' },
  { stem: '产品需求文档', text: '新增文件分享功能，支持多选与压缩，所有操作需可撤销并记录日志。' },
  { stem: '家长会通知', text: '本周五下午三点在三年级二班教室召开家长会，请家长准时参加。' },
  { stem: '菜谱合集', text: '番茄炒蛋：先炒蛋后炒番茄，加少许糖提鲜，出锅前撒葱花。' },
  { stem: '保险条款', text: '本保险的保障期间为一年，等待期三十天，详细责任以正式条款为准。' },
  { stem: '发票', text: '购买方：个人；项目：技术服务费；税率百分之六；开票日期见右上角。' },
  { stem: '考试复习提纲', text: '第一章概念辨析，第三章计算题重点，第五章案例分析必考。' },
];

/** Extensions of documents, with how likely each is. */
export const DOC_EXTS = ['pdf', 'pdf', 'pdf', 'docx', 'docx', 'xlsx', 'pptx', 'txt', 'md'] as const;

export const IMAGE_STEMS = ['IMG_2026', 'Screenshot_2026', 'wx_camera', 'mmexport'] as const;
export const AUDIO_NAMES = ['晚风轻唱', '城市夜跑', '雨后小巷', '山间清晨', '录音_会议', '录音_课堂', '海边散步', '白噪音_雨声'] as const;
export const VIDEO_NAMES = ['生日聚会', '宝宝第一次走路', '演唱会片段', '旅行Vlog', '屏幕录制', '毕业典礼', '猫咪日常'] as const;
export const ARCHIVE_STEMS = ['项目资料', '照片打包', '设计素材', '课件', '合同扫描件', '字体包', '日志导出'] as const;
export const APK_NAMES = ['轻记账', '天天阅读', '悦跑', '口袋词典', '云盘助手', '小画板'] as const;

/** Names that go inside a seeded zip, by the zip's stem. */
export const ARCHIVE_CONTENT: Record<(typeof ARCHIVE_STEMS)[number], readonly string[]> = {
  项目资料: ['需求说明.docx', '排期表.xlsx', '接口文档.pdf', '原型截图.png'],
  照片打包: ['IMG_0101.jpg', 'IMG_0102.jpg', 'IMG_0103.jpg', 'IMG_0104.jpg', 'IMG_0105.jpg'],
  设计素材: ['图标.png', '配色方案.pdf', '字体说明.txt'],
  课件: ['第一讲.pptx', '第二讲.pptx', '课后习题.pdf'],
  合同扫描件: ['合同第1页.jpg', '合同第2页.jpg', '合同第3页.jpg'],
  字体包: ['思源宋体.ttf', '说明.txt'],
  日志导出: ['app.log', 'crash.log', 'readme.txt'],
};

/** Extensions by kind (`kindOf` reads this; anything else is a document). */
export const EXT_KIND: Record<string, FileKind> = {
  pdf: 'doc', docx: 'doc', doc: 'doc', xlsx: 'doc', pptx: 'doc', txt: 'doc', md: 'doc', log: 'doc', ttf: 'doc',
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image',
  mp3: 'audio', m4a: 'audio', wav: 'audio', flac: 'audio',
  mp4: 'video', mov: 'video', mkv: 'video',
  zip: 'archive', rar: 'archive', '7z': 'archive',
  apk: 'apk',
};

/** The 分类 page's groups, in order, with their names. */
export const KIND_NAMES: Record<FileKind, string> = { doc: '文档', image: '图片', audio: '音频', video: '视频', archive: '压缩包', apk: '安装包' };
export const KINDS: readonly FileKind[] = ['doc', 'image', 'audio', 'video', 'archive', 'apk'];
