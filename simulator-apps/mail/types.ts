/**
 * 邮箱's slice of the phone state: `state.apps.mail`. Plain JSON only; every record has a stable
 * id. Times are virtual-clock timestamps (ms); a meeting's date and times are wall-clock strings in
 * the phone's timezone. Documented field by field in ./README.md.
 */

/** The folders every account has; custom folders are `f_01` …. */
export const SYSTEM_FOLDERS = ['inbox', 'sent', 'drafts', 'trash', 'spam'] as const;
export type SystemFolder = (typeof SYSTEM_FOLDERS)[number];
/** A system folder or a custom folder's id. */
export type FolderId = string;

export interface Address {
  /** Display name ('' when only the address is known). */
  name: string;
  /** `local@domain`. */
  address: string;
}

export const ATTACHMENT_KINDS = ['doc', 'sheet', 'slides', 'pdf', 'photo', 'zip'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/**
 * An attachment is a reference, not content: `ref` names what it points at (`att:<mail>:<n>` for
 * the seed's own files; another app's record, e.g. a photo of 相册, once attaching from it exists).
 */
export interface Attachment {
  kind: AttachmentKind;
  /** File name with its extension. */
  name: string;
  /** Bytes. */
  size: number;
  ref: string;
}

/** A meeting a mail announces (its 添加到日历 button makes a calendar event of it). */
export interface MeetingInfo {
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:mm`. */
  start: string;
  /** `HH:mm`, after start. */
  end: string;
  place: string;
}

export interface Mail {
  /** `m_0001` …; a new mail takes max+1. */
  id: string;
  /** Mails of one conversation share it (`t_001` …); a reply keeps it, a forward starts a new one. */
  threadId: string;
  /** `inbox` | `sent` | `drafts` | `trash` | `spam` | a custom folder id. */
  folder: FolderId;
  /** In 已删除: the folder it was deleted from (恢复 puts it back); null elsewhere. */
  deletedFrom: FolderId | null;
  from: Address;
  to: Address[];
  cc: Address[];
  subject: string;
  /** What the writer wrote (a reply's or forward's quoted mail is `refMailId`, not copied). */
  body: string;
  /** Sent or received (a draft: last saved). */
  time: number;
  read: boolean;
  starred: boolean;
  attachments: Attachment[];
  /** A reply or forward: the mail it answers or passes on; null otherwise. */
  refMailId: string | null;
  refKind: 'reply' | 'forward' | null;
  meeting: MeetingInfo | null;
}

export interface CustomFolder {
  /** `f_01` …. */
  id: string;
  name: string;
}

export interface MailSettings {
  /** Appended under a new mail's body in compose ('' for none). */
  signature: string;
  /** 会话模式: a mail's screen shows its whole conversation (off: the mail alone). */
  conversationView: boolean;
}

export interface MailState {
  /** My account. */
  account: Address;
  /** Custom folders in the order 邮箱列表 shows them. */
  folders: CustomFolder[];
  /** Ordered by id. */
  mails: Mail[];
  settings: MailSettings;
}
