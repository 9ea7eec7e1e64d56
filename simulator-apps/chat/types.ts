/**
 * The chat app's slice of the phone state: `state.apps.chat`. Plain JSON only; every record
 * in an array has a stable string id. Documented field by field in ./README.md.
 */
export interface Avatar {
  /** Background colour, `#RRGGBB`. */
  color: string;
  /** The one character drawn on it where no picture is (groups, unknown ids); people show their picture (../shared/avatarArt.ts). */
  glyph: string;
}

export type Gender = 'male' | 'female' | 'unknown';

export interface Me {
  name: string;
  accountId: string;
  region: string;
  signature: string;
  gender: Gender;
  avatar: Avatar;
}

export interface Contact {
  /** `u_001` … */
  id: string;
  /** The contact's own nickname. */
  name: string;
  /** What I call them; `''` when unset. Shown instead of `name` wherever set. */
  remark: string;
  /** Upper-case pinyin initial of `name` (`A`-`Z`, or `#`): the contacts index section. */
  initial: string;
  region: string;
  accountId: string;
  avatar: Avatar;
  gender: Gender;
  signature: string;
  starred: boolean;
}

export interface Message {
  /** `m_00001` … unique across all chats. */
  id: string;
  /** `'me'` or the contact id of the chat. */
  from: string;
  text: string;
  /** Epoch milliseconds (virtual clock). */
  time: number;
  /** A card shared from another app (see ./share.ts); absent on plain messages. */
  card?: MessageCard;
  /** A money transfer (转账); absent on plain messages. */
  transfer?: MessageTransfer;
}

/** What another app shares into a chat: shown as a tappable card. */
export interface MessageCard {
  /** The source app's id, e.g. `wallet`. */
  app: string;
  title: string;
  subtitle: string;
  /** The source app's reference (an id or a path inside that app). */
  ref: string;
}

/** `pending`: 待收款 (the receiver has not accepted yet); `accepted`: 已收款. */
export type TransferStatus = 'pending' | 'accepted';

export interface MessageTransfer {
  /** Fen, > 0. */
  amount: number;
  /** 转账说明, '' when none. */
  note: string;
  status: TransferStatus;
  /** The wallet bill that moved the money on my side (`b_…`), '' while an incoming transfer is pending. */
  billId: string;
}

export interface Chat {
  /** `c_01` … */
  id: string;
  contactId: string;
  pinned: boolean;
  muted: boolean;
  /** Unread messages from the contact (the last `unread` messages are theirs). */
  unread: number;
  /** Unsent composer text, `''` when none. */
  draft: string;
  /** Oldest first. */
  messages: Message[];
}

/** A group chat (群聊). I am always a member; `members` lists the others. */
export interface Group {
  /** `g_01` … (its own id space, disjoint from `c_NN`). */
  id: string;
  /** 群聊名称. */
  name: string;
  /** `'me'` or the contact id of the 群主. */
  ownerId: string;
  /** Contact ids of the other members, in join order (never contains 'me'). */
  members: string[];
  /** 我在本群的昵称, '' when unset (then my own name is shown). */
  myNickname: string;
  /** 群公告, '' when none. */
  announcement: string;
  pinned: boolean;
  muted: boolean;
  unread: number;
  draft: string;
  /** Oldest first; `from` is 'me' or a contact id (a member, or a former one). */
  messages: Message[];
}

export type Visibility = 'public' | 'private' | 'partial';

/** A picture in a moment, drawn in CSS: a two-colour gradient with one glyph. */
export interface MomentImage {
  from: string;
  to: string;
  glyph: string;
}

export interface MomentComment {
  /** `mc_0001` … unique across moments. */
  id: string;
  /** 'me' or a contact id. */
  from: string;
  /** '' for a comment on the moment; otherwise whom it replies to ('me' or a contact id). */
  replyTo: string;
  text: string;
  time: number;
}

/** A 朋友圈 post. */
export interface Moment {
  /** `p_001` … */
  id: string;
  /** 'me' or a contact id. */
  authorId: string;
  text: string;
  /** 0-9 pictures. */
  images: MomentImage[];
  /** '' when none. */
  location: string;
  time: number;
  /** Who liked it, in order ('me' or contact ids). */
  likes: string[];
  /** Oldest first. */
  comments: MomentComment[];
  /** Only meaningful for my own moments; 'public' for everyone else's. */
  visibility: Visibility;
}

export interface ChatState {
  me: Me;
  contacts: Contact[];
  chats: Chat[];
  /** Group chats (群聊). */
  groups: Group[];
  /** 朋友圈, oldest first. */
  moments: Moment[];
}

/** A conversation of either kind. */
export type Thread = Chat | Group;
