/**
 * The notes app's slice of the phone state: `state.apps.notes`. Plain JSON only; every record in
 * an array has a stable string id. Documented field by field in ./README.md.
 */
export const CATEGORIES = ['美食', '旅行', '穿搭', '家居', '健身', '学习', '萌宠'] as const;
export type Category = (typeof CATEGORIES)[number];

export const VISIBILITIES = ['public', 'mutual', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const NOTIFICATION_KINDS = ['likes', 'follows', 'comments'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A round avatar drawn in CSS: a colour and one character. */
export interface Avatar {
  color: string;
  glyph: string;
}

/**
 * A note picture: a photo-like scene drawn from the note's subject, id and this record (./art.ts),
 * or a photo of 相册 shared to 小橙书, drawn with the photo's own art.
 */
export interface Cover {
  /** Index into `COVER_PALETTES` (data.ts): the style picked in the editor; it varies the scene. */
  palette: number;
  /** The caption printed on the picture (a few characters). */
  text: string;
  /** Width / height: 0.75 (3:4), 1 (1:1) or 1.33 (4:3). */
  ratio: number;
  /** `photos:<id>` when the picture is a photo of 相册 (分享 → 小橙书); absent otherwise. */
  photo?: string;
}

export interface Me {
  nickname: string;
  /** 小橙书号, digits. */
  redId: string;
  bio: string;
  avatar: Avatar;
  /** The city 附近 shows. */
  city: string;
  followers: number;
  /** 获赞与收藏 on my own notes, as shown on my page (seeded; my new notes add nothing). */
  likedAndCollected: number;
}

export interface Author {
  /** `a_01` … */
  id: string;
  nickname: string;
  avatar: Avatar;
  bio: string;
  city: string;
  followers: number;
  following: number;
  likedAndCollected: number;
  /** Whether I follow them. */
  followed: boolean;
  /** Whether they follow me (关注 ↔ 互相关注). */
  followsMe: boolean;
}

export interface Comment {
  /** `cm_0001` … unique across notes; a new comment takes max+1. */
  id: string;
  /** An author id, or `me`. */
  authorId: string;
  text: string;
  time: number;
  likes: number;
  /** Whether I liked this comment. */
  liked: boolean;
}

export interface Note {
  /** `n_001` … a published note takes max+1. */
  id: string;
  /** An author id, or `me` for my own notes. */
  authorId: string;
  title: string;
  body: string;
  /** Without the `#`. */
  tags: string[];
  category: Category;
  /** 1-4 pictures; the first is the cover. */
  images: Cover[];
  likes: number;
  liked: boolean;
  /** How many people collected it (mine included when it is in one of my boards). */
  collects: number;
  /** Oldest first. The comment count is `comments.length`. */
  comments: Comment[];
  /** Publish time, epoch ms. */
  time: number;
  /** '' when the author shows no location. */
  city: string;
  visibility: Visibility;
  /** Deleted by its author: it stays only as a placeholder in boards that hold it. */
  deleted: boolean;
}

export interface Board {
  /** `bd_0` is 默认收藏夹; others `bd_1` … */
  id: string;
  name: string;
  /** Newest first. */
  noteIds: string[];
}

export interface Draft {
  /** `d_01` … */
  id: string;
  title: string;
  body: string;
  tags: string[];
  /** Palette index of the cover. */
  palette: number;
  /** `photos:<id>` when the draft's picture is a photo of 相册; absent otherwise. */
  photo?: string;
  /** '' until chosen (publishing guesses one from the words). */
  category: Category | '';
  visibility: Visibility;
  city: string;
  updatedAt: number;
}

export interface Notification {
  /** `nt_001` … */
  id: string;
  kind: NotificationKind;
  /** An author id. */
  from: string;
  /** The note concerned (likes/comments), '' for follows. */
  noteId: string;
  /** `赞了你的笔记`, `收藏了你的笔记`, `开始关注你了`, `评论了你的笔记：…`, `在评论中@了你：…`. */
  text: string;
  time: number;
}

export interface NotesState {
  me: Me;
  authors: Author[];
  notes: Note[];
  boards: Board[];
  drafts: Draft[];
  notifications: Notification[];
  /** Per kind, notifications after this time are unseen (the badges). */
  seenAt: Record<NotificationKind, number>;
  /** Search history, newest first, at most 10. */
  searchHistory: string[];
}
