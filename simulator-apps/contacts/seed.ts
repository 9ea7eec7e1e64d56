/**
 * Seed data for the contacts app: ~55 people (the chat app's fixed people and look-alike pairs,
 * plus a seed-dependent sample of its other names and a few services), four groups and ~300
 * calls over the last two months. Pure: importable from Node. The seed changes who is in the
 * book, the numbers, details and timing, never the structure.
 */
import { AVATAR_COLORS } from '../shared/avatarColors.ts';
import type { Rng } from '../shared/rng.ts';
import { wallClock } from '../shared/time.ts';
import { PEOPLE, SPECIAL_CONTACTS, TRAP_PAIRS, type PersonSeed } from '../chat/data.ts';
import type { SeedContext } from '../chat/seed.ts';
import type { CallDirection, CallEntry, ContactsState, Group, Person, PhoneNumber } from './types.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const OTHER_PEOPLE = 36;
const CALL_COUNT = 300;

type Role = 'family' | 'boss' | 'landlord' | 'builder' | 'trap' | 'friend' | 'work' | 'classmate' | 'service';

/** The chat app's special people, saved in the phone book under the name I call them. */
const SPECIAL: { key: keyof typeof SPECIAL_CONTACTS; name: string; pinyin: string; role: Role }[] = [
  { key: 'mom', name: '妈妈', pinyin: 'ma ma', role: 'family' },
  { key: 'boss', name: '刘总', pinyin: 'liu zong', role: 'boss' },
  { key: 'landlord', name: '房东陈先生', pinyin: 'fang dong chen xian sheng', role: 'landlord' },
  { key: 'builder', name: '装修周师傅', pinyin: 'zhuang xiu zhou shi fu', role: 'builder' },
];

const FAMILY_EXTRA: PersonSeed[] = [
  { name: '爸爸', pinyin: 'ba ba', gender: 'male' },
  { name: '姐姐', pinyin: 'jie jie', gender: 'female' },
];

/** The services in the phone book: drawn with a letter, not a person's picture (ui/Avatar.svelte). */
export const SERVICES: readonly { name: string; pinyin: string; number: string }[] = [
  { name: '小区物业', pinyin: 'xiao qu wu ye', number: '021-54021876' },
  { name: '菜鸟驿站', pinyin: 'cai niao yi zhan', number: '021-64307715' },
  { name: '社区医院', pinyin: 'she qu yi yuan', number: '021-64181120' },
];

const COMPANIES = ['星河科技', '远帆设计工作室', '蓝鲸数据', '青禾教育', '云栈网络', '华启咨询', '木棉传媒', '拾光影像'];
const MAIL_DOMAINS = ['qq.com', '163.com', 'outlook.com', 'foxmail.com'];
const NOTES = ['', '', '', '', '', '大学室友', '羽毛球球友', '周末有空', '孩子同班家长', '老家邻居', '打车前先确认'];
const MOBILE_PREFIXES = ['135', '136', '138', '139', '150', '151', '158', '176', '177', '186', '187', '189', '199'];

export function createContactsState(rng: Rng, ctx: SeedContext): ContactsState {
  const { contacts, roles } = createPeople(rng.fork('people'));
  const groups = createGroups(rng.fork('groups'), contacts, roles);
  const calls = createCalls(rng.fork('calls'), contacts, roles, ctx);
  const missed = calls.filter((c) => c.direction === 'missed');
  // The last 2-4 missed calls are unseen: the 通话记录 tab starts with a badge.
  const unseen = rng.fork('seen').int(2, 4);
  const lastSeen = missed[missed.length - 1 - unseen];
  return { contacts, groups, calls, missedSeenAt: lastSeen ? lastSeen.time : 0 };
}

function initialOf(pinyin: string, name: string): string {
  const first = (pinyin || name).charAt(0);
  return /[a-z]/i.test(first) ? first.toUpperCase() : '#';
}

function mobile(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let n = rng.pick(MOBILE_PREFIXES);
    for (let i = 0; i < 8; i++) n += String(rng.int(0, 9));
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

function landline(rng: Rng, taken: Set<string>, area = '021'): string {
  for (;;) {
    let n = `${area}-${rng.int(5, 6)}`;
    for (let i = 0; i < 7; i++) n += String(rng.int(0, 9));
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

function birthday(rng: Rng, from = 1965, to = 2001): string {
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return `${rng.int(from, to)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function createPeople(rng: Rng): { contacts: Person[]; roles: Map<string, Role> } {
  interface Draft { name: string; pinyin: string; role: Role; number?: string }
  const drafts: Draft[] = [];
  for (const s of SPECIAL) drafts.push({ name: s.name, pinyin: s.pinyin, role: s.role });
  for (const f of rng.sample(FAMILY_EXTRA, rng.int(1, 2))) drafts.push({ name: f.name, pinyin: f.pinyin, role: 'family' });
  for (const pair of TRAP_PAIRS) for (const p of pair) drafts.push({ name: p.name, pinyin: p.pinyin, role: 'trap' });
  rng.sample(PEOPLE, OTHER_PEOPLE).forEach((p, i) => drafts.push({ name: p.name, pinyin: p.pinyin, role: i % 3 === 0 ? 'work' : i % 3 === 1 ? 'friend' : 'classmate' }));
  for (const s of SERVICES) drafts.push({ name: s.name, pinyin: s.pinyin, role: 'service', number: s.number });

  const taken = new Set<string>();
  const roles = new Map<string, Role>();
  const contacts = rng.shuffle(drafts).map((d, i): Person => {
    const id = `ct_${String(i + 1).padStart(3, '0')}`;
    roles.set(id, d.role);
    const phones: PhoneNumber[] = [];
    if (d.number) phones.push({ label: '工作', number: d.number });
    else {
      phones.push({ label: '手机', number: mobile(rng, taken) });
      const worky = d.role === 'boss' || d.role === 'work' || (d.role === 'trap' && rng.chance(0.5)) || rng.chance(0.15);
      if (worky) phones.push({ label: '工作', number: landline(rng, taken) });
      if (d.role === 'family' || rng.chance(0.08)) phones.push({ label: '家庭', number: landline(rng, taken, d.name === '妈妈' || d.name === '爸爸' ? '0731' : '021') });
    }
    const working = d.role === 'boss' || d.role === 'work' || (d.role === 'trap' && phones.some((p) => p.label === '工作'));
    const syl = d.pinyin !== '' ? d.pinyin.split(' ') : [d.name.toLowerCase().replace(/[^a-z]/g, '')];
    const hasMail = d.role !== 'service' && d.role !== 'family' && rng.chance(working ? 0.8 : 0.3);
    return {
      id,
      name: d.name,
      pinyin: d.pinyin,
      initial: initialOf(d.pinyin, d.name),
      phones,
      company: working ? rng.pick(COMPANIES) : d.role === 'builder' ? '安居装饰' : '',
      email: hasMail ? `${syl.join('')}${rng.chance(0.5) ? String(rng.int(10, 99)) : ''}@${rng.pick(MAIL_DOMAINS)}` : '',
      birthday: d.role === 'family' ? birthday(rng, 1958, 1992) : d.role !== 'service' && rng.chance(0.35) ? birthday(rng) : '',
      favorite: d.role === 'family' || d.role === 'boss',
      note: d.role === 'service' || d.role === 'family' ? '' : rng.pick(NOTES),
      color: rng.pick(AVATAR_COLORS),
    };
  });
  // A few more favourites among friends.
  for (const c of rng.sample(contacts.filter((c) => roles.get(c.id) === 'friend' || roles.get(c.id) === 'classmate'), 3)) c.favorite = true;
  return { contacts, roles };
}

function createGroups(rng: Rng, contacts: Person[], roles: Map<string, Role>): Group[] {
  const ids = (pred: (r: Role) => boolean): string[] => contacts.filter((c) => pred(roles.get(c.id) ?? 'friend')).map((c) => c.id);
  const traps = ids((r) => r === 'trap');
  const half = rng.shuffle(traps);
  return [
    { id: 'g_1', name: '家人', memberIds: ids((r) => r === 'family') },
    { id: 'g_2', name: '同事', memberIds: [...ids((r) => r === 'boss' || r === 'work'), ...half.slice(0, 3)] },
    { id: 'g_3', name: '朋友', memberIds: [...ids((r) => r === 'friend'), ...half.slice(3, 6)] },
    { id: 'g_4', name: '同学', memberIds: [...ids((r) => r === 'classmate'), ...half.slice(6, 8)] },
  ];
}

function createCalls(rng: Rng, contacts: Person[], roles: Map<string, Role>, ctx: SeedContext): CallEntry[] {
  const weight = (c: Person): number => {
    const r = roles.get(c.id);
    return r === 'family' ? 8 : r === 'boss' ? 6 : r === 'landlord' || r === 'builder' ? 4 : r === 'trap' ? 3 : r === 'service' ? 2 : 1.2;
  };
  const pool: Person[] = [];
  for (const c of contacts) for (let i = 0; i < Math.round(weight(c) * 2); i++) pool.push(c);
  // Unknown numbers: couriers, delivery riders, sales calls; each calls a few times.
  const strangers: string[] = [];
  const taken = new Set(contacts.flatMap((c) => c.phones.map((p) => p.number)));
  for (let i = 0; i < 14; i++) strangers.push(i % 4 === 3 ? `95${rng.int(100, 999)}` : mobile(rng, taken));

  const w = wallClock(ctx.now, ctx.timezone);
  const startOfToday = ctx.now - (w.hour * 60 + w.minute) * MINUTE - (ctx.now % MINUTE);
  const times: number[] = [];
  for (let i = 0; i < CALL_COUNT; i++) {
    // Denser in recent days: a few today, more this week, the rest over two months.
    const daysAgo = i < 5 ? 0 : i < 40 ? rng.int(1, 6) : rng.int(1, 60);
    const minute = rng.int(8 * 60, 22 * 60 + 40);
    let t = startOfToday - daysAgo * DAY + minute * MINUTE + rng.int(0, 59) * 1000;
    if (t >= ctx.now) t = ctx.now - rng.int(5, 120) * MINUTE;
    times.push(t);
  }
  times.sort((a, b) => a - b);
  return times.map((time, i): CallEntry => {
    const stranger = rng.chance(0.16);
    const contact = stranger ? null : rng.pick(pool);
    const number = contact ? (contact.phones.length > 1 && rng.chance(0.25) ? contact.phones[1].number : contact.phones[0].number) : rng.pick(strangers);
    const roll = rng.next();
    const direction: CallDirection = stranger ? (roll < 0.45 ? 'missed' : 'incoming') : roll < 0.42 ? 'outgoing' : roll < 0.8 ? 'incoming' : 'missed';
    const unanswered = direction === 'outgoing' && rng.chance(0.12);
    const duration = direction === 'missed' || unanswered ? 0 : stranger ? rng.int(5, 60) : rng.chance(0.7) ? rng.int(12, 300) : rng.int(300, 2400);
    return { id: `k_${String(i + 1).padStart(4, '0')}`, number, contactId: contact ? contact.id : null, time, direction, duration };
  });
}
