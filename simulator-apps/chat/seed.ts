/**
 * Seed data for the chat app: ~40 contacts (with look-alike names as traps), ~22 chats and a
 * few hundred messages, all derived from one Rng. Pure: importable from Node.
 * The seed changes who is who, the details and the timing, never the structure.
 */
import { AVATAR_COLORS } from '../shared/avatarColors.ts';
import { moneyText } from '../shared/money.ts';
import type { Rng } from '../shared/rng.ts';
import { wallClock } from '../shared/time.ts';
import { ME_PEOPLE, PEOPLE, REGIONS, SIGNATURES, SPECIAL_CONTACTS, TRAP_PAIRS, type PersonSeed, type SpecialRole } from './data.ts';
import { SCRIPTS, type Line, type Script } from './scripts.ts';
import { COMMENT_TEXTS, GROUP_SEEDS, MOMENT_IMAGES, MOMENT_PLACES, MOMENT_TEXTS, MY_MOMENT_TEXTS, REPLY_TEXTS } from './social.ts';
import type { Avatar, Chat, ChatState, Contact, Group, Me, Message, Moment, MomentComment } from './types.ts';

const CONTACT_COUNT = 40;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

export interface SeedContext {
  now: number;
  timezone: string;
}

export function createChatState(rng: Rng, ctx: SeedContext): ChatState {
  const accountIds = new Set<string>();
  const me = createMe(rng.fork('me'), accountIds);
  const { contacts, roles } = createContacts(rng.fork('contacts'), accountIds);
  const chats = createChats(rng.fork('chats'), contacts, roles, ctx);
  let nextId = chats.reduce((n, c) => n + c.messages.length, 0);
  const ids = (): string => `m_${String(++nextId).padStart(5, '0')}`;
  addIncomingTransfers(rng.fork('transfers'), chats, roles, ids);
  const groups = createGroups(rng.fork('groups'), contacts, roles, ctx, ids);
  const moments = createMoments(rng.fork('moments'), contacts, ctx);
  return { me, contacts, chats, groups, moments };
}

// ---------------------------------------------------------------------------------------------
// People

function initialOf(person: PersonSeed): string {
  const first = (person.pinyin || person.name).charAt(0);
  return /[a-z]/i.test(first) ? first.toUpperCase() : '#';
}

/** The character a letter avatar shows: a Latin name's first letter, else the last character that is not 儿 or 子. */
export function glyphOf(name: string): string {
  if (/^[A-Za-z]/.test(name)) return name.charAt(0).toUpperCase();
  const chars = [...name];
  while (chars.length > 1 && (chars[chars.length - 1] === '儿' || chars[chars.length - 1] === '子')) chars.pop();
  return chars[chars.length - 1] ?? '?';
}

function avatarOf(rng: Rng, name: string): Avatar {
  return { color: rng.pick(AVATAR_COLORS), glyph: glyphOf(name) };
}

function accountIdOf(rng: Rng, person: PersonSeed, taken: Set<string>): string {
  const syl = person.pinyin ? person.pinyin.split(' ') : [person.name.toLowerCase()];
  const full = syl.join('');
  const given = syl.length > 1 ? syl.slice(1).join('') : syl[0];
  const inits = syl.map((x) => x.charAt(0)).join('');
  for (let attempt = 0; ; attempt++) {
    const year = rng.int(1985, 2001);
    const style = rng.int(0, 4);
    let id =
      style === 0 ? `${full}${year}`
      : style === 1 ? `${inits}_${String(rng.int(100, 9999))}`
      : style === 2 ? `${given}_${syl[0]}`
      : style === 3 ? `${full}_${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`
      : `ql_${alnum(rng, 10)}`;
    if (attempt > 3) id = `${id}${attempt}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function alnum(rng: Rng, n: number): string {
  const chars = 'abcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < n; i++) s += chars.charAt(rng.int(0, chars.length - 1));
  return s;
}

function createMe(rng: Rng, taken: Set<string>): Me {
  const person = rng.pick(ME_PEOPLE);
  return {
    name: person.name,
    accountId: accountIdOf(rng, person, taken),
    region: rng.pick(['上海 徐汇', '上海 静安', '上海 浦东新区', '上海 长宁']),
    signature: rng.pick(SIGNATURES.filter((x) => x !== '')),
    gender: person.gender,
    avatar: avatarOf(rng, person.name),
  };
}

type Role = SpecialRole | 'trap' | 'friend' | 'work';

function createContacts(rng: Rng, taken: Set<string>): { contacts: Contact[]; roles: Map<string, Role> } {
  interface Draft { person: PersonSeed; role: Role; remark: string; region?: string }
  const drafts: Draft[] = [];
  for (const [role, c] of Object.entries(SPECIAL_CONTACTS) as [SpecialRole, (typeof SPECIAL_CONTACTS)[SpecialRole]][]) {
    drafts.push({ person: c, role, remark: c.remark, region: c.region });
  }
  for (const pair of TRAP_PAIRS) for (const person of pair) drafts.push({ person, role: 'trap', remark: '' });
  const others = rng.sample(PEOPLE, CONTACT_COUNT - drafts.length);
  others.forEach((person, i) => drafts.push({ person, role: i % 4 === 0 ? 'work' : 'friend', remark: '' }));

  // A few remarks on ordinary contacts, the way people label acquaintances.
  const remarkable = rng.sample(drafts.filter((d) => (d.role === 'friend' || d.role === 'work') && d.person.pinyin !== ''), 3);
  const labels = ['（大学同学）', '-健身房', '（邻居）'];
  remarkable.forEach((d, i) => (d.remark = `${d.person.name}${labels[i]}`));

  const order = rng.shuffle(drafts);
  const roles = new Map<string, Role>();
  const starredPicks = new Set(rng.sample(order.filter((d) => d.role !== 'mom'), 3).map((d) => d.person.name));
  const contacts = order.map((d, i): Contact => {
    const id = `u_${String(i + 1).padStart(3, '0')}`;
    roles.set(id, d.role);
    return {
      id,
      name: d.person.name,
      remark: d.remark,
      initial: initialOf(d.person),
      region: d.region ?? rng.pick(REGIONS),
      accountId: accountIdOf(rng, d.person, taken),
      avatar: avatarOf(rng, d.person.name),
      gender: d.person.gender,
      signature: rng.pick(SIGNATURES),
      starred: d.role === 'mom' || starredPicks.has(d.person.name),
    };
  });
  return { contacts, roles };
}

// ---------------------------------------------------------------------------------------------
// Chats

interface ChatDraft {
  contact: Contact;
  role: Role;
  /** Oldest first; each becomes its own session. */
  scripts: Script[];
}

function createChats(rng: Rng, contacts: Contact[], roles: Map<string, Role>, ctx: SeedContext): Chat[] {
  const roleOf = (c: Contact): Role => roles.get(c.id) ?? 'friend';
  const special = contacts.filter((c) => ['mom', 'boss', 'landlord', 'builder'].includes(roleOf(c)));
  const traps = contacts.filter((c) => roleOf(c) === 'trap');
  const ordinary = contacts.filter((c) => roleOf(c) === 'friend' || roleOf(c) === 'work');
  const chatCount = rng.int(20, 24);
  const withChat = [...special, ...traps, ...rng.sample(ordinary, chatCount - special.length - traps.length)];

  const generic = rng.shuffle(SCRIPTS.filter((s) => s.kind === 'friend' || s.kind === 'work'));
  const workFirst = [...generic.filter((s) => s.kind === 'work'), ...generic.filter((s) => s.kind === 'friend')];
  const friendFirst = [...generic.filter((s) => s.kind === 'friend'), ...generic.filter((s) => s.kind === 'work')];
  const used = new Set<Script>();
  const takeScript = (preferWork: boolean): Script => {
    const pool = preferWork ? workFirst : friendFirst;
    const s = pool.find((x) => !used.has(x)) ?? pool[used.size % pool.length];
    used.add(s);
    return s;
  };
  const drafts: ChatDraft[] = rng.shuffle(withChat).map((contact) => {
    const role = roleOf(contact);
    const fixed = role in SPECIAL_CONTACTS ? SCRIPTS.find((s) => s.kind === role) : undefined;
    const preferWork = role === 'work' || (role === 'trap' && rng.chance(0.3));
    const scripts = fixed ? [fixed] : [takeScript(preferWork)];
    // Some chats go back further: an older conversation before the latest one.
    if (!fixed && rng.chance(0.7)) scripts.unshift(takeScript(preferWork));
    return { contact, role, scripts };
  });

  const lastTimes = activityTimes(rng, drafts.length, ctx);
  const chats: Chat[] = drafts.map((d, i) => {
    const rank = i; // drafts are in random order; rank 0 is the most recent
    const messages: Message[] = [];
    let end = lastTimes[rank];
    for (let k = d.scripts.length - 1; k >= 0; k--) {
      const session = scriptMessages(rng, d.scripts[k].lines, d.contact.id, end);
      messages.unshift(...session);
      end = session[0].time - rng.int(3, 20) * DAY - rng.int(0, 600) * MINUTE;
    }
    const trailingTheirs = countTrailing(messages, d.contact.id);
    const recent = rank < 10;
    const unread = trailingTheirs > 0 && recent && rng.chance(0.85) ? trailingTheirs : 0;
    return {
      id: `c_${String(i + 1).padStart(2, '0')}`,
      contactId: d.contact.id,
      pinned: d.role === 'mom' || (d.role === 'boss' && rng.chance(0.5)),
      muted: d.role === 'builder',
      unread,
      draft: '',
      messages,
    };
  });

  // One more pinned chat, two more muted ones, one draft: each drawn among the ordinary chats.
  const plain = chats.filter((c) => !c.pinned && !c.muted && c.contactId !== special.find((s) => roleOf(s) === 'mom')?.id);
  const [pin, mute1, mute2, draft] = rng.sample(plain, 4);
  if (pin) pin.pinned = true;
  if (mute1) mute1.muted = true;
  if (mute2) {
    mute2.muted = true;
    // A muted chat that piled up unread messages: shows a dot and "[n条]".
    const theirs = countTrailing(mute2.messages, mute2.contactId);
    if (theirs > 0) mute2.unread = theirs;
  }
  if (draft) {
    draft.draft = rng.pick(['周末一起吃饭吗', '好的，我晚点跟你说', '那个文件我明天', '到家了吗']);
    draft.unread = 0;
  }

  let n = 0;
  for (const chat of chats) for (const m of chat.messages) m.id = `m_${String(++n).padStart(5, '0')}`;
  return chats;
}

/** When each chat last saw a message, newest first: a few today, some yesterday, some this week, the rest weeks ago. */
function activityTimes(rng: Rng, count: number, ctx: SeedContext): number[] {
  const w = wallClock(ctx.now, ctx.timezone);
  const minutesToday = w.hour * 60 + w.minute;
  const startOfToday = ctx.now - minutesToday * MINUTE - (ctx.now % MINUTE);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    let t: number;
    if (i < 6) t = ctx.now - rng.int(1, Math.max(2, Math.min(minutesToday - 10, 150))) * MINUTE;
    else {
      const daysAgo = i < 10 ? 1 : i < 15 ? rng.int(2, 6) : rng.int(7, 60);
      t = startOfToday - daysAgo * DAY + rng.int(8 * 60, 23 * 60 + 30) * MINUTE;
    }
    times.push(t - rng.int(0, 59) * 1000);
  }
  return times.sort((a, b) => b - a);
}

/** The script's lines as messages ending at `end`; long scripts may be split into two sessions days apart. */
function scriptMessages(rng: Rng, lines: readonly Line[], contactId: string, end: number): Message[] {
  const split = lines.length >= 7 && rng.chance(0.4) ? rng.int(3, lines.length - 3) : lines.length;
  const gaps = lines.map(() => rng.int(10, 240) * 1000);
  const times: number[] = new Array(lines.length);
  let t = end;
  for (let i = lines.length - 1; i >= 0; i--) {
    times[i] = t;
    t -= i === split ? rng.int(1, 3) * DAY + rng.int(0, 600) * MINUTE : gaps[i];
  }
  return lines.map(([who, text], i) => ({ id: '', from: who === 'm' ? 'me' : contactId, text, time: times[i] }));
}

function countTrailing(messages: Message[], from: string): number {
  let n = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i].from === from; i--) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Transfers, groups, moments (drawn from their own forks, so the chats above never shift)

/** Two ordinary chats get a pending 转账 from the contact, just before the chat's last message. */
function addIncomingTransfers(rng: Rng, chats: Chat[], roles: Map<string, Role>, ids: () => string): void {
  const candidates = chats.filter((c) => (roles.get(c.contactId) === 'friend' || roles.get(c.contactId) === 'work') && c.messages.length >= 2);
  const notes = ['上次的饭钱', '电影票钱', '帮我带的咖啡', '演唱会门票', ''];
  for (const chat of rng.sample(candidates, 2)) {
    const i = chat.messages.length - 1;
    const before = chat.messages[i - 1].time;
    const after = chat.messages[i].time;
    const amount = rng.pick([2000, 3500, 5000, 6600, 8800, 12000, 20000]);
    chat.messages.splice(i, 0, {
      id: ids(),
      from: chat.contactId,
      text: `[转账] ¥${moneyText(amount)}`,
      time: before + Math.max(1000, Math.floor((after - before) / 2)),
      transfer: { amount, note: rng.pick(notes), status: 'pending', billId: '' },
    });
  }
}

function createGroups(rng: Rng, contacts: Contact[], roles: Map<string, Role>, ctx: SeedContext, ids: () => string): Group[] {
  const ofRole = (r: Role): Contact | undefined => contacts.find((c) => roles.get(c.id) === r);
  const pool = contacts.filter((c) => roles.get(c.id) === 'friend' || roles.get(c.id) === 'work' || roles.get(c.id) === 'trap');
  const lastTimes = rng.shuffle(activityTimes(rng, 14, ctx).slice(2, 2 + GROUP_SEEDS.length));
  const groups = GROUP_SEEDS.map((seed, gi): Group => {
    const fixed = seed.withMom ? ofRole('mom') : seed.withBoss ? ofRole('boss') : undefined;
    const count = rng.int(seed.size[0], seed.size[1]);
    const others = rng.sample(pool.filter((c) => c !== fixed), count - (fixed ? 1 : 0));
    const members = [...(fixed ? [fixed] : []), ...others].map((c) => c.id);
    const speakers = members.slice(0, 4);
    let t = lastTimes[gi] - seed.lines.length * 90_000;
    const messages: Message[] = seed.lines.map(([who, text]) => {
      t += rng.int(20, 150) * 1000;
      const from = who === 'm' ? 'me' : speakers[(Number(who) - 1) % speakers.length];
      return { id: '', from, text, time: t };
    });
    for (const m of messages) m.id = ids();
    const trailing = countTrailingOthers(messages);
    return {
      id: `g_${String(gi + 1).padStart(2, '0')}`,
      name: seed.name,
      ownerId: seed.owner === 'me' ? 'me' : members[0],
      members,
      myNickname: '',
      announcement: seed.announcement,
      pinned: gi === 1,
      muted: gi === 2,
      unread: gi === 2 || gi === 3 || gi === 5 ? Math.min(trailing, rng.int(1, 3)) : 0,
      draft: '',
      messages,
    };
  });
  return groups;
}

function countTrailingOthers(messages: Message[]): number {
  let n = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i].from !== 'me'; i--) n++;
  return n;
}

/** ~40 moments by contacts and 3 by me over the last six weeks, oldest first. */
function createMoments(rng: Rng, contacts: Contact[], ctx: SeedContext): Moment[] {
  const count = rng.int(38, 42);
  const texts = rng.shuffle(MOMENT_TEXTS);
  const authors = rng.sample(contacts, 24);
  let commentId = 0;
  const comment = (from: string, replyTo: string, text: string, time: number): MomentComment => ({
    id: `mc_${String(++commentId).padStart(4, '0')}`,
    from,
    replyTo,
    text,
    time,
  });
  const drafts: { authorId: string; text: string }[] = [];
  for (let i = 0; i < count; i++) {
    drafts.push({ authorId: authors[i % authors.length].id, text: texts[i % texts.length].replace('{place}', rng.pick(MOMENT_PLACES)) });
  }
  const mine = rng.sample(MY_MOMENT_TEXTS, 3).map((text) => ({ authorId: 'me', text }));
  const all = rng.shuffle([...drafts, ...mine]);
  // Times: newest a couple of hours ago, then spaced back over ~6 weeks.
  let t = ctx.now - rng.int(20, 150) * MINUTE;
  const times: number[] = [];
  for (let i = 0; i < all.length; i++) {
    times.push(t);
    t -= rng.int(3 * 60, 40 * 60) * MINUTE;
  }
  times.reverse();
  const moments = all.map((d, i): Moment => {
    const time = times[i];
    const imageCount = rng.pick([0, 0, 1, 1, 2, 3, 3, 4, 6, 9]);
    const images = Array.from({ length: imageCount }, () => rng.pick(MOMENT_IMAGES));
    const friends = contacts.filter((c) => c.id !== d.authorId);
    const likeCount = d.authorId === 'me' ? rng.int(2, 5) : rng.pick([0, 0, 1, 2, 3, 4, 6]);
    const likes = rng.sample(friends, likeCount).map((c) => c.id);
    const comments: MomentComment[] = [];
    const commentCount = d.authorId === 'me' ? rng.int(1, 2) : rng.pick([0, 0, 0, 1, 1, 2, 3]);
    let ct = time + rng.int(5, 60) * MINUTE;
    for (const c of rng.sample(friends, commentCount)) {
      if (ct >= ctx.now) break;
      comments.push(comment(c.id, '', rng.pick(COMMENT_TEXTS), ct));
      ct += rng.int(3, 90) * MINUTE;
      if (rng.chance(0.35) && ct < ctx.now) {
        comments.push(comment(d.authorId, c.id, rng.pick(REPLY_TEXTS), ct));
        ct += rng.int(3, 60) * MINUTE;
      }
    }
    return {
      id: `p_${String(i + 1).padStart(3, '0')}`,
      authorId: d.authorId,
      text: d.text,
      images,
      location: rng.chance(0.2) ? rng.pick(MOMENT_PLACES) : '',
      time,
      likes,
      comments,
      visibility: 'public',
    };
  });
  return moments;
}
