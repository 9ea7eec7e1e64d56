/**
 * The phone's line icons (a 24×24 grid, stroked in currentColor), drawn for phonegym: the SVG
 * inside each icon, by name, rendered by ./LineIcon.svelte. `ICONS` is the set the shell and
 * 轻聊 draw with (./Icon.svelte); each app with artwork of its own has its set (its
 * ui/Glyph.svelte). Artwork that several sets draw alike is written once, below.
 */
const CHEVRON_RIGHT = '<path d="M9.5 6l6 6-6 6" />';
const SEARCH = '<circle cx="10.8" cy="10.8" r="6.3" /><path d="M15.5 15.5l4.5 4.5" />';
const CHECK = '<path d="M5 12.5l4.6 4.6L19.2 7.5" />';
const CHAT = '<path d="M12 4.2c-4.9 0-8.8 3.3-8.8 7.4 0 2.3 1.2 4.3 3.1 5.7l-.7 3.1 3.6-1.9c.9.3 1.8.4 2.8.4 4.9 0 8.8-3.3 8.8-7.3S16.9 4.2 12 4.2z" />';
const ME = '<circle cx="12" cy="8.2" r="4" /><path d="M4.6 20.3c0-4.1 3.3-7.4 7.4-7.4s7.4 3.3 7.4 7.4z" />';
const STAR = '<path d="M12 3.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="none" />';
const STAR_FILL = '<path d="M12 3.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="currentColor" />';
const TRASH = '<path d="M4.5 6.5h15M9.5 6.5V4.5h5v2M6.5 6.5l1 13h9l1-13" />';
const PLUS = '<path d="M12 5v14M5 12h14" />';
const CLOCK = '<circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" />';
const PERSON = '<circle cx="12" cy="8.5" r="3.8" /><path d="M4.5 20c.8-3.9 3.9-6 7.5-6s6.7 2.1 7.5 6" />';
const MINUS = '<path d="M6 12h12" />';
const CHECK_SHORT = '<path d="M5 12.5l4.5 4.5L19 7.5" />';
const BACKSPACE = '<path d="M8.5 5.5H20v13H8.5L3 12z" /><path d="M11.5 9.5l5 5M16.5 9.5l-5 5" />';

/** The shell and 轻聊 (shared/Icon.svelte). */
export const ICONS = {
  back: '<path d="M15 4.5L7.5 12l7.5 7.5" />',
  'chevron-right': CHEVRON_RIGHT,
  more: '<circle cx="5" cy="12" r="1.7" fill="currentColor" stroke="none" /><circle cx="12" cy="12" r="1.7" fill="currentColor" stroke="none" /><circle cx="19" cy="12" r="1.7" fill="currentColor" stroke="none" />',
  search: SEARCH,
  close: '<path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />',
  check: CHECK,
  chat: CHAT,
  message: CHAT,
  'chat-fill': '<path d="M12 4.2c-4.9 0-8.8 3.3-8.8 7.4 0 2.3 1.2 4.3 3.1 5.7l-.7 3.1 3.6-1.9c.9.3 1.8.4 2.8.4 4.9 0 8.8-3.3 8.8-7.3S16.9 4.2 12 4.2z" fill="currentColor" /><circle cx="8.2" cy="11.6" r="1.15" fill="#fff" stroke="none" /><circle cx="12" cy="11.6" r="1.15" fill="#fff" stroke="none" /><circle cx="15.8" cy="11.6" r="1.15" fill="#fff" stroke="none" />',
  contacts: '<circle cx="9.5" cy="8.6" r="3.6" /><path d="M3.2 19.8c0-3.5 2.8-6.3 6.3-6.3s6.3 2.8 6.3 6.3z" /><path d="M17 7.2h4M18 11h3M18.6 14.8h2.4" />',
  'contacts-fill': '<circle cx="9.5" cy="8.6" r="3.6" fill="currentColor" /><path d="M3.2 19.8c0-3.5 2.8-6.3 6.3-6.3s6.3 2.8 6.3 6.3z" fill="currentColor" /><path d="M17 7.2h4M18 11h3M18.6 14.8h2.4" />',
  me: ME,
  user: ME,
  'me-fill': '<circle cx="12" cy="8.2" r="4" fill="currentColor" /><path d="M4.6 20.3c0-4.1 3.3-7.4 7.4-7.4s7.4 3.3 7.4 7.4z" fill="currentColor" />',
  'bell-off': '<path d="M17.6 15.6V11a5.6 5.6 0 0 0-9.4-4.1M6.4 10.2v5.4L4.8 17.8h12.4" /><path d="M10 20.2a2.1 2.1 0 0 0 4 0" /><path d="M4 4l16 16" />',
  star: STAR,
  'star-fill': STAR_FILL,
  male: '<circle cx="10" cy="14" r="5" /><path d="M13.6 10.4L19.5 4.5M14.8 4.5h4.7v4.7" />',
  female: '<circle cx="12" cy="9" r="5" /><path d="M12 14v7M8.8 17.8h6.4" />',
  info: '<circle cx="12" cy="12" r="8.6" /><path d="M12 11v5.6" /><circle cx="12" cy="7.8" r="1" fill="currentColor" stroke="none" />',
  pin: '<path d="M9 4h6l-1 5 3 3v2H7v-2l3-3zM12 14v6" />',
  trash: TRASH,
  'nav-back': '<path d="M16.5 5L7 12l9.5 7z" />',
  'nav-home': '<circle cx="12" cy="12" r="7" />',
  'nav-recent': '<rect x="6" y="6" width="12" height="12" rx="1.6" />',
  wifi: '<path d="M12 19.5L1.8 8.2a15.3 15.3 0 0 1 20.4 0z" fill="currentColor" stroke="none" />',
  compass: '<circle cx="12" cy="12" r="8.6" /><path d="M15.5 8.5l-2 5-5 2 2-5z" />',
  'compass-fill': '<circle cx="12" cy="12" r="9" fill="currentColor" stroke="none" /><path d="M15.5 8.5l-2 5-5 2 2-5z" stroke="#fff" fill="#fff" />',
  'plus-circle': '<circle cx="12" cy="12" r="8.6" /><path d="M12 8v8M8 12h8" />',
  camera: '<path d="M4 8.5h3l1.5-2.5h7L17 8.5h3v10H4z" /><circle cx="12" cy="13" r="3.4" />',
  heart: '<path d="M12 19s-7-4.3-7-9.2A3.8 3.8 0 0 1 12 7.6a3.8 3.8 0 0 1 7 2.2C19 14.7 12 19 12 19z" />',
  comment: '<path d="M5 5.5h14v10H10l-4 3v-3H5z" />',
  image: '<rect x="4" y="5" width="16" height="14" rx="1.6" /><circle cx="9" cy="10" r="1.6" /><path d="M4.5 17l5-4.5 3.5 3 2.5-2 4 3.5" />',
  yen: '<path d="M7 5l5 6.5L17 5M12 11.5V19M8 12.5h8M8 15.5h8" />',
  location: '<path d="M12 20s6-5.6 6-10.2a6 6 0 0 0-12 0C6 14.4 12 20 12 20z" /><circle cx="12" cy="9.8" r="2.2" />',
  people: '<circle cx="9" cy="8.5" r="3.2" /><path d="M3.5 19c.6-3.4 2.8-5.2 5.5-5.2s4.9 1.8 5.5 5.2" /><path d="M15 5.6a3 3 0 0 1 0 5.8M17 13.9c2 .6 3.2 2.3 3.6 5.1" />',
} satisfies Record<string, string>;
export type IconName = keyof typeof ICONS;

/** 日历. */
export const CALENDAR_GLYPHS = {
  prev: '<path d="M14.5 6l-6 6 6 6" />',
  next: CHEVRON_RIGHT,
  plus: PLUS,
  clock: '<circle cx="12" cy="12" r="8.3" /><path d="M12 7.5V12l3 2" />',
  repeat: '<path d="M5 11V9.5A2.5 2.5 0 0 1 7.5 7H18l-2.5-2.5M19 13v1.5a2.5 2.5 0 0 1-2.5 2.5H6l2.5 2.5" />',
  bell: '<path d="M6.5 16.5V11a5.5 5.5 0 0 1 11 0v5.5l1.5 1.5H5z" /><path d="M10 20a2.2 2.2 0 0 0 4 0" />',
  calendar: '<rect x="4" y="5.5" width="16" height="14" rx="2.2" /><path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />',
  place: '<path d="M12 20.5s6-5.6 6-10.4a6 6 0 0 0-12 0c0 4.8 6 10.4 6 10.4z" /><circle cx="12" cy="10" r="2.2" />',
  notes: '<path d="M6 4.5h12v15H6zM9 9h6M9 12.5h6M9 16h3.5" />',
  edit: '<path d="M5 19h4L19 9l-4-4L5 15z" /><path d="M13.5 6.5l4 4" />',
  trash: TRASH,
  empty: '<rect x="4" y="5.5" width="16" height="14" rx="2.2" /><path d="M4 10h16M8.5 3.5v4M15.5 3.5v4M9.5 14.5h5" />',
} satisfies Record<string, string>;
export type CalendarGlyph = keyof typeof CALENDAR_GLYPHS;

/** 电话. */
export const CONTACTS_GLYPHS = {
  phone: '<path d="M6.6 3.5l2.6.3 1.3 4-1.9 1.5a11 11 0 005.1 5.1l1.5-1.9 4 1.3.3 2.6c.1 1.1-.8 2.1-1.9 2.1A15.6 15.6 0 014.5 5.4c0-1.1 1-2 2.1-1.9z" />',
  hangup: '<path d="M3.2 13.6c4.9-4.3 12.7-4.3 17.6 0l-.4 2.6-3.6-.6-.6-2.4a9.5 9.5 0 00-8.4 0l-.6 2.4-3.6.6z" fill="currentColor" stroke="none" />',
  dialpad: '<circle cx="6" cy="4.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="12" cy="4.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="18" cy="4.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="6" cy="10.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="12" cy="10.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="18" cy="10.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="6" cy="16.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="12" cy="16.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="18" cy="16.5" r="1.5" fill="currentColor" stroke="none" /><circle cx="12" cy="21.5" r="1.5" fill="currentColor" stroke="none" />',
  clock: CLOCK,
  person: PERSON,
  star: STAR,
  'star-fill': STAR_FILL,
  group: '<circle cx="9" cy="8.5" r="3.3" /><path d="M2.8 19.5c.7-3.4 3.2-5.2 6.2-5.2s5.5 1.8 6.2 5.2" /><path d="M15.2 5.6a3.2 3.2 0 010 6M17.6 14.6c1.9.7 3.2 2.3 3.6 4.9" />',
  plus: PLUS,
  minus: MINUS,
  check: CHECK_SHORT,
  message: '<path d="M4 5.5h16v10.5H9.5L5.5 19.5V16H4z" />',
  edit: '<path d="M4.5 19.5l1-4.2L15.8 5a1.8 1.8 0 012.6 0l.6.6a1.8 1.8 0 010 2.6L8.7 18.5z" /><path d="M13.8 7l3.2 3.2" />',
  trash: '<path d="M4.5 6.5h15M9.5 6.5V4.5h5v2M6.5 6.5l1 13h9l1-13M10.2 10.5v6M13.8 10.5v6" />',
  backspace: BACKSPACE,
  incoming: '<path d="M17 7L7 17M7 9.5V17h7.5" />',
  outgoing: '<path d="M7 17L17 7M9.5 7H17v7.5" />',
  missed: '<path d="M4 8l8 8 8-8M15 8h5v5" />',
  mute: '<rect x="9" y="3.5" width="6" height="11" rx="3" /><path d="M5.5 11.5a6.5 6.5 0 0013 0M12 18v2.5M4 4l16 16" />',
  speaker: '<path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" /><path d="M15.5 9a4 4 0 010 6M18 6.5a7.5 7.5 0 010 11" />',
  info: '<circle cx="12" cy="12" r="8.5" /><path d="M12 11v5.5" /><circle cx="12" cy="7.8" r="1" fill="currentColor" stroke="none" />',
  search: SEARCH,
  mail: '<rect x="3.5" y="5.5" width="17" height="13" rx="1.5" /><path d="M4 6.5l8 6 8-6" />',
  cake: '<path d="M4.5 20.5h15v-7.5h-15zM4.5 16c2.5 1.5 5 1.5 7.5 0s5-1.5 7.5 0M12 13V9.5M12 4.5c1 1 1 2.4 0 3-1-.6-1-2 0-3z" />',
  building: '<path d="M5 20.5V4.5h9v16M14 9.5h5v11M3.5 20.5h17M8 8h3M8 11.5h3M8 15h3" />',
  note: '<path d="M6 3.5h9l3.5 3.5v13.5H6z" /><path d="M9 11h6M9 14.5h6M9 8h3" />',
} satisfies Record<string, string>;
export type ContactsGlyph = keyof typeof CONTACTS_GLYPHS;

/** 小橙书. */
export const NOTES_GLYPHS = {
  heart: '<path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z" />',
  'heart-fill': '<path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z" fill="currentColor" />',
  star: '<path d="M12 3.6l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L12 16.9l-5.4 2.9 1.2-5.9-4.4-4.1 6-.7z" />',
  'star-fill': '<path d="M12 3.6l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L12 16.9l-5.4 2.9 1.2-5.9-4.4-4.1 6-.7z" fill="currentColor" />',
  comment: '<path d="M4.5 18.5l1.2-3.4A7.6 7.6 0 0 1 4.4 11c0-4 3.5-7 7.6-7s7.6 3 7.6 7-3.5 7-7.6 7c-1.3 0-2.5-.3-3.6-.8z" />',
  share: '<path d="M14 4.5 20.5 11 14 17.5M20 11h-8.5C7 11 4 14 4 19" />',
  pin: '<path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z" /><circle cx="12" cy="10" r="2.3" />',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="2" /><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />',
  tag: '<path d="M10 4 8 20M16 4l-2 16M4.5 9h15M4 15h15" />',
  close: '<path d="M6 6l12 12M18 6 6 18" />',
  trash: '<path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />',
  edit: '<path d="M4 20h4L19 9l-4-4L4 16z" />',
  draft: '<path d="M6 3.5h8.5L19 8v12.5H6z" /><path d="M14 3.5V8h5M9 13h7M9 16.5h5" />',
} satisfies Record<string, string>;
export type NotesGlyph = keyof typeof NOTES_GLYPHS;

/** 铁路出行. */
export const RAILWAY_GLYPHS = {
  train: '<rect x="5" y="3" width="14" height="14" rx="3.5" /><path d="M5 10h14M9 20.5l-2 1.5M15 20.5l2 1.5M8.5 17l-1.5 3.5M15.5 17l1.5 3.5" /><circle cx="8.8" cy="13.6" r="0.9" fill="currentColor" /><circle cx="15.2" cy="13.6" r="0.9" fill="currentColor" />',
  ticket: '<path d="M3.5 7.5a2 2 0 0 0 2-2h13a2 2 0 0 0 2 2v2.2a2.3 2.3 0 0 0 0 4.6v2.2a2 2 0 0 0-2 2h-13a2 2 0 0 0-2-2v-2.2a2.3 2.3 0 0 0 0-4.6z" /><path d="M9 9.5h6M9 14.5h4" />',
  user: '<circle cx="12" cy="8.2" r="4" /><path d="M4.5 20.5c0-4.1 3.4-7 7.5-7s7.5 2.9 7.5 7" />',
  users: '<circle cx="9" cy="8.5" r="3.4" /><path d="M3 19.5c0-3.5 2.7-6 6-6s6 2.5 6 6M15.5 5.4a3.3 3.3 0 0 1 0 6.3M17.5 13.8c2 .8 3.5 2.9 3.5 5.7" />',
  swap: '<path d="M7 4l-3 3 3 3M4 7h12M17 14l3 3-3 3M20 17H8" />',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2.5" /><path d="M3.5 10h17M8 3v4M16 3v4" />',
  filter: '<path d="M4 5h16l-6.2 7.5V19l-3.6 1.8v-8.3z" />',
  sort: '<path d="M7 4v16M4 7l3-3 3 3M17 20V4M14 17l3 3 3-3" />',
  clock: CLOCK,
  route: '<circle cx="6" cy="18" r="2.3" /><circle cx="18" cy="6" r="2.3" /><path d="M8.3 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.7" />',
  gear: '<circle cx="12" cy="12" r="3" /><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />',
  plus: PLUS,
  star: '<path d="M12 3.8l2.5 5.1 5.6.8-4 3.9 1 5.6-5.1-2.7-5 2.7.9-5.6-4-3.9 5.6-.8z" fill="none" />',
  'star-fill': '<path d="M12 3.8l2.5 5.1 5.6.8-4 3.9 1 5.6-5.1-2.7-5 2.7.9-5.6-4-3.9 5.6-.8z" fill="currentColor" />',
  seat: '<path d="M7 4v9a2 2 0 0 0 2 2h7M7 13h8.5a2 2 0 0 1 2 1.6l1 5.4M9 15l-1 5" />',
  check: CHECK,
  bell: '<path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />',
} satisfies Record<string, string>;
export type RailwayGlyph = keyof typeof RAILWAY_GLYPHS;

/** 设置. */
export const SETTINGS_GLYPHS = {
  wifi: '<path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.3a9.6 9.6 0 0 1 13 0M8.6 15.5a5.2 5.2 0 0 1 6.8 0" /><circle cx="12" cy="18.8" r="1.3" fill="currentColor" stroke="none" />',
  bluetooth: '<path d="M7 7.5l10 9-5 4.5V3l5 4.5-10 9" />',
  signal: '<path d="M5 19v-3M9.5 19v-6M14 19v-9M18.5 19V5" stroke-width="2.4" />',
  sun: '<circle cx="12" cy="12" r="4" /><path d="M12 2.8v2.4M12 18.8v2.4M2.8 12h2.4M18.8 12h2.4M5.5 5.5l1.7 1.7M16.8 16.8l1.7 1.7M5.5 18.5l1.7-1.7M16.8 7.2l1.7-1.7" />',
  sound: '<path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" /><path d="M15.5 9a4.2 4.2 0 0 1 0 6M18 6.5a7.8 7.8 0 0 1 0 11" />',
  bell: '<path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z" /><path d="M10 20.5a2.2 2.2 0 0 0 4 0" />',
  moon: '<path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10z" />',
  battery: '<rect x="6.5" y="4.5" width="11" height="17" rx="2.2" /><path d="M10 2.5h4" /><path d="M9.5 13.5h5v5h-5z" fill="currentColor" stroke="none" />',
  apps: '<rect x="4" y="4" width="6.5" height="6.5" rx="1.6" /><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.6" /><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.6" /><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.6" />',
  clock: CLOCK,
  globe: '<circle cx="12" cy="12" r="8.5" /><path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.2 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.2-3.5-8.5S9.6 5.9 12 3.5z" />',
  phone: '<rect x="6.5" y="2.5" width="11" height="19" rx="2.4" /><path d="M10.5 18.5h3" />',
  lock: '<rect x="5.5" y="10.5" width="13" height="10" rx="2" /><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />',
  qr: '<rect x="4" y="4" width="6" height="6" rx="1" /><rect x="14" y="4" width="6" height="6" rx="1" /><rect x="4" y="14" width="6" height="6" rx="1" /><path d="M14 14h2.5v2.5H14zM18 18h2v2h-2zM14 18.5h2M19 14v2" />',
  vibrate: '<rect x="8" y="4" width="8" height="16" rx="1.8" /><path d="M4.5 8v8M19.5 8v8M2 10v4M22 10v4" />',
  music: '<path d="M9 18V5.5l10-2V16" /><circle cx="6.8" cy="18" r="2.3" /><circle cx="16.8" cy="16" r="2.3" />',
  eye: '<path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" /><circle cx="12" cy="12" r="2.8" />',
  text: '<path d="M4 18.5L8.5 6h1l4.5 12.5M5.6 14h6.8M15 18.5l2.8-7.5h.4l2.8 7.5M15.9 16.2h4.2" />',
  earbuds: '<circle cx="7.5" cy="8" r="3.2" /><path d="M9.2 10.6l.8 8.9h-3l-.6-8.4" /><circle cx="16.5" cy="8" r="3.2" /><path d="M14.8 10.6l-.8 8.9h3l.6-8.4" />',
  headphones: '<path d="M4 16v-3.5a8 8 0 0 1 16 0V16" /><rect x="3.5" y="14" width="4" height="6.5" rx="1.5" /><rect x="16.5" y="14" width="4" height="6.5" rx="1.5" />',
  watch: '<rect x="6.5" y="6.5" width="11" height="11" rx="3" /><path d="M9 6.5L9.7 3h4.6l.7 3.5M9 17.5l.7 3.5h4.6l.7-3.5M12 9.5V12l1.5 1" />',
  band: '<rect x="8.5" y="3" width="7" height="18" rx="3.5" /><rect x="10" y="8.5" width="4" height="7" rx="1" />',
  car: '<path d="M4 16.5v-4l2-5h12l2 5v4zM4 16.5v2M20 16.5v2" /><circle cx="7.8" cy="13.5" r="1" fill="currentColor" stroke="none" /><circle cx="16.2" cy="13.5" r="1" fill="currentColor" stroke="none" />',
  keyboard: '<rect x="2.5" y="6.5" width="19" height="11" rx="2" /><path d="M6 10h.5M9.5 10h.5M13 10h.5M16.5 10h1.5M7.5 14h9" />',
  mouse: '<rect x="7" y="3.5" width="10" height="17" rx="5" /><path d="M12 3.5V9" />',
  speaker: '<rect x="6" y="3" width="12" height="18" rx="2.5" /><circle cx="12" cy="14.5" r="3" /><circle cx="12" cy="7.5" r="1" fill="currentColor" stroke="none" />',
  tv: '<rect x="3" y="5" width="18" height="12" rx="2" /><path d="M8.5 20.5h7" />',
  user: PERSON,
  minus: MINUS,
  plus: '<path d="M6 12h12M12 6v12" />',
  shield: '<path d="M12 3l7 3v5.5c0 4.4-3 7.8-7 9.5-4-1.7-7-5.1-7-9.5V6z" /><path d="M9 12l2.2 2.2L15.5 10" />',
} satisfies Record<string, string>;
export type SettingsGlyph = keyof typeof SETTINGS_GLYPHS;

/** 优选. */
export const SHOP_GLYPHS = {
  home: '<path d="M4 10.5L12 4l8 6.5V20H14.5v-5.5h-5V20H4z" fill="none" />',
  'home-fill': '<path d="M4 10.5L12 4l8 6.5V20H14.5v-5.5h-5V20H4z" fill="currentColor" />',
  grid: '<rect x="4" y="4" width="7" height="7" rx="1.5" fill="none" /><rect x="13" y="4" width="7" height="7" rx="3.5" fill="none" /><rect x="4" y="13" width="7" height="7" rx="1.5" fill="none" /><rect x="13" y="13" width="7" height="7" rx="1.5" fill="none" />',
  'grid-fill': '<rect x="4" y="4" width="7" height="7" rx="1.5" fill="currentColor" /><rect x="13" y="4" width="7" height="7" rx="3.5" fill="currentColor" /><rect x="4" y="13" width="7" height="7" rx="1.5" fill="currentColor" /><rect x="13" y="13" width="7" height="7" rx="1.5" fill="currentColor" />',
  cart: '<path d="M3 4.5h2.3l2.2 10.5h10.3l2.2-7.8H6.4" fill="none" /><circle cx="9" cy="19" r="1.4" fill="currentColor" /><circle cx="16.5" cy="19" r="1.4" fill="currentColor" />',
  'cart-fill': '<path d="M3 4.5h2.3l2.2 10.5h10.3l2.2-7.8H6.4" fill="currentColor" /><circle cx="9" cy="19" r="1.4" fill="currentColor" /><circle cx="16.5" cy="19" r="1.4" fill="currentColor" />',
  me: '<circle cx="12" cy="8.5" r="3.8" fill="none" /><path d="M4.5 20c.8-3.9 3.9-6 7.5-6s6.7 2.1 7.5 6z" fill="none" />',
  'me-fill': '<circle cx="12" cy="8.5" r="3.8" fill="currentColor" /><path d="M4.5 20c.8-3.9 3.9-6 7.5-6s6.7 2.1 7.5 6z" fill="currentColor" />',
  search: '<circle cx="11" cy="11" r="6.5" /><path d="M16 16l4 4" />',
  heart: '<path d="M12 19.5S4 14.8 4 9.3A4.2 4.2 0 0112 7a4.2 4.2 0 018 2.3c0 5.5-8 10.2-8 10.2z" fill="none" />',
  'heart-fill': '<path d="M12 19.5S4 14.8 4 9.3A4.2 4.2 0 0112 7a4.2 4.2 0 018 2.3c0 5.5-8 10.2-8 10.2z" fill="currentColor" />',
  share: '<path d="M12 4v11M7.5 8.5L12 4l4.5 4.5" /><path d="M5 13v6h14v-6" />',
  store: '<path d="M4 9l1.5-4.5h13L20 9" /><path d="M4 9c0 1.6 1.2 2.6 2.7 2.6S9.3 10.6 9.3 9c0 1.6 1.2 2.6 2.7 2.6s2.7-1 2.7-2.6c0 1.6 1.2 2.6 2.7 2.6S20 10.6 20 9" /><path d="M5.5 11.5V20h13v-8.5" />',
  location: '<path d="M12 20.5s6.5-5.6 6.5-11a6.5 6.5 0 00-13 0c0 5.4 6.5 11 6.5 11z" /><circle cx="12" cy="9.5" r="2.3" />',
  ticket: '<path d="M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4z" /><path d="M14 7v10" stroke-dasharray="2 2" />',
  wallet: '<rect x="3.5" y="6" width="17" height="13" rx="2.5" /><path d="M15 12.5h5.5" /><path d="M6 6l9-2.5 1 2.5" />',
  box: '<path d="M4 7.5L12 4l8 3.5v9L12 20l-8-3.5z" /><path d="M4 7.5L12 11l8-3.5M12 11v9" />',
  truck: '<path d="M3 6h11v10H3zM14 9.5h3.8L21 13v3h-7" /><circle cx="7" cy="17.5" r="1.8" /><circle cx="17" cy="17.5" r="1.8" />',
  refund: '<path d="M5 9.5h10.5a4 4 0 010 8H9" /><path d="M8.5 6L5 9.5 8.5 13" />',
  check: CHECK_SHORT,
  plus: PLUS,
  minus: '<path d="M5 12h14" />',
  chevron: CHEVRON_RIGHT,
  filter: '<path d="M4 5.5h16l-6.2 7.2V19l-3.6-1.8v-4.5z" />',
  edit: '<path d="M4.5 19.5l1-4.2L15.8 5a1.8 1.8 0 012.6 0l.6.6a1.8 1.8 0 010 2.6L8.7 18.5z" />',
  trash: '<path d="M5 7h14M9.5 7V4.8h5V7M7 7l.8 12.2h8.4L17 7" />',
  service: '<path d="M5 13v-1.5a7 7 0 0114 0V13" /><rect x="3.5" y="12.5" width="3.5" height="5.5" rx="1.5" /><rect x="17" y="12.5" width="3.5" height="5.5" rx="1.5" />',
} satisfies Record<string, string>;
export type ShopGlyph = keyof typeof SHOP_GLYPHS;

/** 钱包 (its payment keypad). */
export const WALLET_GLYPHS = {
  backspace: BACKSPACE,
} satisfies Record<string, string>;
