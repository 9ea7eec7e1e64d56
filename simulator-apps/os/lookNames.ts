/**
 * A look's people (--variant N ≥ 1): the phone's ordinary people (the chat seed's PEOPLE, who are
 * 轻聊's friends, 电话's contacts, 钱包's payees and the names in messages and events, and 邮箱's
 * correspondents) get other names, drawn from the seed and the variant, so an agent cannot lean
 * on having seen 孙浩然 before. Only people the task does not refer to are renamed (the caller
 * says what the task refers to), and a name changes everywhere at once: every string that holds
 * it, and the fields that follow it (pinyin, index letter, avatar glyph, mail addresses and
 * account ids made from the pinyin).
 *
 * Roles (妈妈, 刘总, 房东...), the look-alike pairs the traps use, "me" in 轻聊 and nicknames
 * (阿杰, 橙子, which are also words) keep their names. Pure and deterministic: no Svelte, no DOM. */
import { PEOPLE } from '../chat/data.ts';
import { glyphOf } from '../chat/seed.ts';
import { GIVEN_NAMES as MAIL_GIVEN_NAMES, SURNAMES as MAIL_SURNAMES } from '../mail/data.ts';
import { nameSuggests } from '../shared/avatarArt.ts';
import { Rng } from '../shared/rng.ts';

/** One person's new name. */
export interface PersonRename {
  from: string;
  to: string;
  fromPinyin: string;
  toPinyin: string;
}

/** Surnames nobody in the seed data carries, with their pinyin. */
const SURNAMES: readonly [string, string][] = [
  ['邵', 'shao'], ['骆', 'luo'], ['祁', 'qi'], ['季', 'ji'], ['闫', 'yan'], ['钟', 'zhong'], ['谭', 'tan'], ['廖', 'liao'],
  ['邹', 'zou'], ['戴', 'dai'], ['夏', 'xia'], ['傅', 'fu'], ['孟', 'meng'], ['秦', 'qin'], ['尹', 'yin'], ['黎', 'li'],
  ['常', 'chang'], ['乔', 'qiao'], ['严', 'yan'], ['龚', 'gong'], ['段', 'duan'], ['雷', 'lei'], ['侯', 'hou'], ['卢', 'lu'],
];

/**
 * Given names by length and by what they suggest (avatar hair follows a name's characters,
 * ../shared/avatarArt.ts): a woman's name becomes a woman's name of the same length. Enough of
 * each that no two new names need share one (two names a character apart are a trap's look-alikes).
 */
const GIVEN: Record<'female' | 'male', Record<1 | 2, readonly [string, string][]>> = {
  female: {
    1: [
      ['婷', 'ting'], ['瑶', 'yao'], ['蕾', 'lei'], ['薇', 'wei'], ['妍', 'yan'], ['琳', 'lin'], ['颖', 'ying'], ['蓉', 'rong'],
      ['娟', 'juan'], ['玲', 'ling'], ['莉', 'li'], ['媛', 'yuan'], ['洁', 'jie'], ['彤', 'tong'], ['雯', 'wen'], ['静', 'jing'],
    ],
    2: [
      ['若琳', 'ruo lin'], ['语桐', 'yu tong'], ['清妍', 'qing yan'], ['书瑶', 'shu yao'], ['婉宁', 'wan ning'], ['诗萱', 'shi xuan'], ['梦琪', 'meng qi'],
      ['欣妍', 'xin yan'], ['静姝', 'jing shu'], ['晓薇', 'xiao wei'], ['可馨', 'ke xin'], ['紫萱', 'zi xuan'], ['雨婷', 'yu ting'], ['佳颖', 'jia ying'],
      ['心悦', 'xin yue'], ['慧敏', 'hui min'], ['雅雯', 'ya wen'], ['梓悦', 'zi yue'], ['乐瑶', 'le yao'], ['思琪', 'si qi'], ['映彤', 'ying tong'],
      ['秀妍', 'xiu yan'], ['芷晴', 'zhi qing'], ['婧怡', 'jing yi'], ['初晴', 'chu qing'], ['美玲', 'mei ling'], ['丽华', 'li hua'], ['素琴', 'su qin'],
      ['海燕', 'hai yan'], ['雪莉', 'xue li'],
    ],
  },
  male: {
    1: [
      ['峰', 'feng'], ['鹏', 'peng'], ['斌', 'bin'], ['涛', 'tao'], ['勇', 'yong'], ['刚', 'gang'], ['豪', 'hao'], ['博', 'bo'],
      ['磊', 'lei'], ['杰', 'jie'], ['浩', 'hao'], ['超', 'chao'], ['辉', 'hui'], ['亮', 'liang'], ['军', 'jun'], ['强', 'qiang'],
    ],
    2: [
      ['景浩', 'jing hao'], ['承昊', 'cheng hao'], ['子豪', 'zi hao'], ['浩宇', 'hao yu'], ['博文', 'bo wen'], ['明杰', 'ming jie'], ['远航', 'yuan hang'],
      ['启峰', 'qi feng'], ['俊豪', 'jun hao'], ['泽辉', 'ze hui'], ['宏伟', 'hong wei'], ['振国', 'zhen guo'], ['志鹏', 'zhi peng'], ['文斌', 'wen bin'],
      ['国强', 'guo qiang'], ['建军', 'jian jun'], ['晓峰', 'xiao feng'], ['立伟', 'li wei'], ['海涛', 'hai tao'], ['鹏程', 'peng cheng'], ['嘉豪', 'jia hao'],
      ['一博', 'yi bo'], ['天磊', 'tian lei'], ['永刚', 'yong gang'], ['家辉', 'jia hui'], ['俊峰', 'jun feng'], ['志刚', 'zhi gang'], ['浩博', 'hao bo'],
      ['子骁', 'zi xiao'], ['明亮', 'ming liang'],
    ],
  },
};

/** Someone a look may rename: a name with its pinyin (syllables, given name joined or not). */
export interface RenameablePerson {
  name: string;
  pinyin: string;
  gender: 'female' | 'male' | 'unknown';
}

/**
 * People a look may rename: 轻聊's ordinary people whose name is a surname and one or two given
 * characters (so not also a word, as 橙子 or 大熊 are), and 邮箱's people (surname and given name
 * from its own lists); where both have a name, 轻聊's person (with a gender) stands for it.
 */
const FAMILY_NAMES = new Set([...'赵孙周吴郑冯何许韩杨黄林高罗郭马梁宋唐谢邓曹彭曾萧田董潘蒋蔡袁于苏叶程魏沈姚丁范方石贺白']);
const CHAT_PEOPLE: RenameablePerson[] = PEOPLE.filter((p) => /^[\u4e00-\u9fff]{2,3}$/.test(p.name) && p.pinyin !== '' && FAMILY_NAMES.has(p.name.charAt(0)));
const MAIL_PEOPLE: RenameablePerson[] = MAIL_SURNAMES.flatMap(([s, sp]) => MAIL_GIVEN_NAMES.map(([g, gp]) => ({ name: s + g, pinyin: `${sp} ${gp}`, gender: 'unknown' as const })));
export const RENAMEABLE: readonly RenameablePerson[] = [...CHAT_PEOPLE, ...MAIL_PEOPLE.filter((m) => !CHAT_PEOPLE.some((c) => c.name === m.name))];

/**
 * New names for the rename-able people present in `state` (as a record's `name`) whom the task
 * does not refer to: `referred` is everything the task names (its parameters, goal and answer
 * fields as text), and a person is referred when their name or the id of a record carrying it
 * occurs in it. Drawn from the seed and the variant; a new name occurs neither in the state nor
 * in `referred`, and each is used once.
 */
export function chooseRenames(state: unknown, seed: number, variant: number, referred: string): PersonRename[] {
  const ids = recordIdsByName(state);
  const taken = namesIn(JSON.stringify(state) + referred);
  const names = [...ids.keys()];
  const alike = new LookAlikes(names);
  const twins = twinsWithinApps(state);
  const rng = new Rng(seed >>> 0).fork(`look-names:${variant}`);
  const pools = new Map<string, [string, string][]>();
  const renames: PersonRename[] = [];
  for (const person of RENAMEABLE) {
    const carriers = ids.get(person.name);
    if (!carriers || referred.includes(person.name) || carriers.some((id) => referred.includes(id))) continue;
    // 梁晨 inside 梁晨曦 (or 李娜 inside 李娜娜) cannot be renamed in text without cutting the longer name.
    if (names.some((n) => n !== person.name && n.includes(person.name))) continue;
    // One of a look-alike pair (周梓涵 and 周子涵): renamed alone, the trap would be gone.
    if (twins.has(person.name)) continue;
    const givenLength = [...person.name].length === 2 ? 1 : 2;
    const suggests = nameSuggests(person.name);
    const gender = person.gender !== 'unknown' ? person.gender : suggests !== 'nothing' ? suggests : rng.chance(0.5) ? 'female' : 'male';
    const key = `${gender}:${givenLength}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = rng.shuffle(SURNAMES.flatMap(([s, sp]) => GIVEN[gender][givenLength].map(([g, gp]): [string, string] => [s + g, `${sp} ${gp}`])));
      pools.set(key, pool);
    }
    // Nor may a new name make a look-alike pair with any name on the phone, old or new.
    let next = pool.shift();
    while (next && (taken.has(next[0]) || alike.hasTwin(next[0]))) next = pool.shift();
    if (!next) continue;
    alike.add(next[0]);
    renames.push({ from: person.name, to: next[0], fromPinyin: person.pinyin, toPinyin: next[1] });
  }
  return renames;
}

/**
 * The names with a look-alike in the same app: a trap's pair. (A look-alike in another app is
 * chance, 轻聊's 孙浩然 and 钱包's 吴浩然, and no task pairs them.)
 */
function twinsWithinApps(state: unknown): Set<string> {
  const twins = new Set<string>();
  const apps = (state as { apps?: Record<string, unknown> }).apps ?? {};
  for (const slice of Object.values(apps)) {
    const names = [...recordIdsByName(slice).keys()];
    const alike = new LookAlikes(names);
    for (const n of names) if (alike.hasTwin(n)) twins.add(n);
  }
  return twins;
}

/**
 * Names a character apart (周梓涵 and 周子涵, 张伟 and 张玮): the look-alikes the traps are made of.
 * Each name is filed under itself with one character blanked, once per character: two names of
 * one length a character apart share a key.
 */
class LookAlikes {
  private readonly namesByKey = new Map<string, Set<string>>();

  constructor(names: Iterable<string>) {
    for (const n of names) this.add(n);
  }

  add(name: string): void {
    for (const key of this.keys(name)) {
      const set = this.namesByKey.get(key) ?? new Set<string>();
      set.add(name);
      this.namesByKey.set(key, set);
    }
  }

  /** Another name known here is a character apart from `name`. */
  hasTwin(name: string): boolean {
    return this.keys(name).some((key) => [...(this.namesByKey.get(key) ?? [])].some((n) => n !== name));
  }

  private keys(name: string): string[] {
    const chars = [...name];
    if (chars.length < 2 || chars.length > 3) return [];
    return chars.map((_, i) => chars.map((c, j) => (i === j ? '*' : c)).join(''));
  }
}

const SURNAME_AT = new RegExp(`[${SURNAMES.map(([s]) => s).join('')}]`, 'g');

/**
 * The runs of two and three characters in `text` that start with one of the new surnames: every
 * new name that would not be new (one set lookup a name, instead of a search of the whole state).
 */
function namesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(SURNAME_AT)) {
    out.add(text.slice(m.index, m.index + 2));
    out.add(text.slice(m.index, m.index + 3));
  }
  return out;
}

/** The `id`s of the records (objects with a string `name`), by name. */
function recordIdsByName(state: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.name === 'string') {
        const list = out.get(o.name) ?? [];
        if (typeof o.id === 'string') list.push(o.id);
        out.set(o.name, list);
      }
      for (const x of Object.values(o)) visit(x);
    }
  };
  visit(state);
  return out;
}

/**
 * Renames people throughout a state tree, in place: first the fields that follow a person's name
 * in the record that carries it, then the name itself in every string (whole or inside a message,
 * a remark, an event title).
 */
export function applyRenames(state: unknown, renames: readonly PersonRename[]): void {
  if (renames.length === 0) return;
  const byName = new Map(renames.map((r) => [r.from, r]));
  // Longest first, so a name inside a longer one is never cut in two (names are Han characters: nothing to escape).
  const pattern = new RegExp([...byName.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');
  const renameText = (s: string): string => s.replace(pattern, (m) => byName.get(m)!.to);
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return renameText(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = visit(v[i]);
      return v;
    }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const rename = typeof o.name === 'string' ? byName.get(o.name) : undefined;
      if (rename) followName(o, rename);
      for (const k of Object.keys(o)) o[k] = visit(o[k]);
    }
    return v;
  };
  visit(state);
}

/** The fields a person's record derives from their name: pinyin, index letter, glyph, addresses and ids made of pinyin. */
function followName(record: Record<string, unknown>, r: PersonRename): void {
  if (typeof record.pinyin === 'string') record.pinyin = r.toPinyin;
  if (typeof record.initial === 'string' && /^[A-Z]$/.test(record.initial)) record.initial = r.toPinyin.charAt(0).toUpperCase();
  const avatar = record.avatar as Record<string, unknown> | undefined;
  if (avatar && typeof avatar === 'object' && typeof avatar.glyph === 'string') avatar.glyph = glyphOf(r.to);
  for (const field of ['email', 'address', 'accountId']) {
    if (typeof record[field] === 'string') record[field] = renamePinyinId(record[field], r);
  }
}

/**
 * An address or account id made from the old pinyin (`sunhaoran1994`, `haoran.sun@…`, `haoran_sun`,
 * `shr_1234`) made from the new one the same way; any other is kept.
 */
function renamePinyinId(id: string, r: PersonRename): string {
  const forms = (pinyin: string): string[] => {
    const [surname, ...given] = pinyin.split(' ');
    const g = given.join('');
    const inits = pinyin.split(' ').map((x) => x.charAt(0)).join('');
    // Surname first before given name first: 田甜's tiantian is read as 轻聊 and 电话 write it.
    return [`${surname}${g}`, `${g}_${surname}`, `${g}.${surname}`, `${g}${surname}`, `${inits}_`];
  };
  const from = forms(r.fromPinyin);
  const to = forms(r.toPinyin);
  const i = from.findIndex((f) => id.startsWith(f));
  return i < 0 ? id : to[i] + id.slice(from[i].length);
}
