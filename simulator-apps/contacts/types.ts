/**
 * The contacts/phone app's slice of the phone state: `state.apps.contacts`. Plain JSON only;
 * every record in an array has a stable string id. Documented field by field in ./README.md.
 */
export type PhoneLabel = '手机' | '工作' | '家庭';
export const PHONE_LABELS: readonly PhoneLabel[] = ['手机', '工作', '家庭'];

export interface PhoneNumber {
  label: PhoneLabel;
  /** Digits, optionally with one `-` after an area code: `13812345678`, `021-62345678`. */
  number: string;
}

export interface Person {
  /** `ct_001` … */
  id: string;
  name: string;
  /** Space-separated pinyin syllables of `name`; `''` when unknown (typed names). */
  pinyin: string;
  /** Index letter `A`-`Z` or `#`. */
  initial: string;
  phones: PhoneNumber[];
  company: string;
  email: string;
  /** `YYYY-MM-DD`, `''` when unset. */
  birthday: string;
  favorite: boolean;
  note: string;
  /** Avatar background `#RRGGBB`. */
  color: string;
}

export interface Group {
  /** `g_1` … */
  id: string;
  name: string;
  /** Contact ids, in the order they were added. */
  memberIds: string[];
}

export type CallDirection = 'incoming' | 'outgoing' | 'missed';

export interface CallEntry {
  /** `k_0001` …, increasing with time. */
  id: string;
  number: string;
  /** The contact the number belonged to when the call happened, `null` for unknown numbers. */
  contactId: string | null;
  /** Epoch ms on the virtual clock. */
  time: number;
  direction: CallDirection;
  /** Seconds; 0 for missed and unanswered calls. */
  duration: number;
}

export interface ContactsState {
  contacts: Person[];
  groups: Group[];
  /** Oldest first. */
  calls: CallEntry[];
  /** Missed calls after this time (epoch ms) count on the 通话记录 badge; opening the tab moves it to now. */
  missedSeenAt: number;
}
