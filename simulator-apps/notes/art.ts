/**
 * What a note's picture shows, pure: a photo-like scene (../shared/photoScene.ts, the drawing 相册
 * uses) chosen from the note's subject and seeded from its id and the picture record, so two notes
 * are told apart by their pictures and one note draws the same picture everywhere. A noodle note
 * shows a bowl on a table, a 海边 trip the sea, a 猫 note a cat; the category decides when no word
 * of the title, tags or caption does.
 */
import { hashString } from '../shared/rng.ts';
import type { SceneKind, SceneSource } from '../shared/photoScene.ts';
import type { Category, Cover } from './types.ts';

/** The first rule whose words appear in the title, tags or caption picks the scene. */
const WORD_KINDS: readonly (readonly [SceneKind, readonly string[]])[] = [
  ['pet', ['猫', '狗', '柯基', '宠', '喵', '汪']],
  ['sea', ['海', '沙滩', '岛', '潜水', '浪']],
  ['flower', ['花', '绿植', '阳台', '植物', '多肉']],
  ['city', ['citywalk', '夜景', '城市', '街', '外滩', '胡同']],
  ['food', ['吃', '餐', '饭', '菜', '咖啡', '茶', '甜', '烘焙', '面', '食', '锅', '饮']],
  ['document', ['读书', '考研', '学习', '笔记', '英语', '备考', '书单', '计划']],
  ['landscape', ['徒步', '露营', '山', '湖', '骑行', '日落', '公园']],
  ['people', ['穿搭', 'ootd', '跑步', '瑜伽', '健身', '妆', '拍照']],
];

const CATEGORY_KINDS: Record<Category, SceneKind> = {
  美食: 'food',
  旅行: 'landscape',
  穿搭: 'people',
  家居: 'flower',
  健身: 'people',
  学习: 'document',
  萌宠: 'pet',
};

/** What a picture is drawn from besides its own record: the note (or the draft being written). */
export interface PictureSubject {
  /** The note's id (`n_012`), or what stands for it while it is written. */
  id: string;
  title: string;
  tags: readonly string[];
  category: Category;
}

/** The kind of scene a note's pictures show. */
export function sceneKindOf(subject: Omit<PictureSubject, 'id'>, caption: string): SceneKind {
  const words = `${subject.title} ${subject.tags.join(' ')} ${caption}`.toLowerCase();
  return WORD_KINDS.find(([, list]) => list.some((w) => words.includes(w)))?.[0] ?? CATEGORY_KINDS[subject.category];
}

/** The scene of the note's picture at `index` (0 is the cover). */
export function pictureSource(subject: PictureSubject, picture: Pick<Cover, 'palette' | 'text' | 'ratio'>, index: number): SceneSource {
  const portrait = picture.ratio < 1;
  return {
    kind: sceneKindOf(subject, picture.text),
    // Not the caption: the editor's preview keeps its picture while the title is typed.
    art: hashString(`${subject.id}|${index}|${picture.palette}`),
    width: portrait ? 900 : 1200,
    height: portrait ? 1200 : 900,
    code: '',
  };
}
