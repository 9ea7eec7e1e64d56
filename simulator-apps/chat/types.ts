/**
 * The chat app's slice of the phone state: `state.apps.chat`. Plain JSON only; every record
 * in an array has a stable string id. Documented field by field in ./README.md.
 */
export interface Avatar {
  /** Background colour, `#RRGGBB`. */
  color: string;
  /** The one character drawn on it. */
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

export interface ChatState {
  me: Me;
  contacts: Contact[];
  chats: Chat[];
}
