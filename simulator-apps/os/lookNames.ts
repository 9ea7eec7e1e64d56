/**
 * A look's people (--variant N ≥ 1): the phone's ordinary people (the chat seed's PEOPLE, who are
 * 轻聊's friends, 电话's contacts, 钱包's payees and the names in messages and events) get other
 * names, drawn from the seed and the variant, so an agent cannot lean on having seen 孙浩然
 * before. Only people the task does not refer to are renamed (the caller says what the task
 * refers to), and a name changes everywhere at once: every string that holds it, and the fields
 * that follow it (pinyin, index letter, avatar glyph, mail and account ids made from the pinyin).
 *
 * Roles (妈妈, 刘总, 房东...), the look-alike pairs the traps use, "me" and nicknames (阿杰, 橙子,
 * which are also words) keep their names. Pure and deterministic: no Svelte, no DOM.
 */
import { PEOPLE, type PersonSeed } from '../chat/data.ts';
import { glyphOf } from '../chat/seed.ts';
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
 * ../shared/avatarArt.ts): a woman's name becomes a woman's name of the same length.
 */
const GIVEN: Record<'female' | 'male', Record<1 | 2, readonly [string, string][]>> = {
  female: {
    1: [['婷', 'ting'], ['瑶', 'yao'], ['蕾', 'lei'], ['薇', 'wei'], ['妍', 'yan'], ['琳', 'lin'], ['颖', 'ying'], ['蓉', 'rong']],
    2: [
      ['若琳', 'ruo lin'], ['语桐', 'yu tong'], ['清妍', 'qing yan'], ['书瑶', 'shu yao'], ['婉宁', 'wan ning'], ['诗萱', 'shi xuan'], ['梦琪', 'meng qi'],
      ['欣妍', 'xin yan'], ['静姝', 'jing shu'], ['晓薇', 'xiao wei'], ['可馨', 'ke xin'], ['紫萱', 'zi xuan'], ['雨婷', 'yu ting'], ['佳颖', 'jia ying'],
    ],
  },
  male: {
    1: [['峰', 'feng'], ['鹏', 'peng'], ['斌', 'bin'], ['涛', 'tao'], ['勇', 'yong'], ['刚', 'gang'], ['豪', 'hao'], ['博', 'bo']],
    2: [
      ['景浩', 'jing hao'], ['承宇', 'cheng yu'], ['子豪', 'zi hao'], ['浩宇', 'hao yu'], ['博文', 'bo wen'], ['明哲', 'ming zhe'], ['远航', 'yuan hang'],
      ['启峰', 'qi feng'], ['俊豪', 'jun hao'], ['泽楷', 'ze kai'], ['宏伟', 'hong wei'], ['振东', 'zhen dong'], ['志鹏', 'zhi peng'], ['文斌', 'wen bin'],
    ],
  },
};

/**
 * People a look may rename: a surname and one or two given characters (so the name is not also
 * a word, as 橙子 or 大熊 are, and never the start of a longer name in the data).
 */
const FAMILY_NAMES = new Set([...'赵孙周吴郑冯何许韩杨黄林高罗郭马梁宋唐谢邓曹彭曾萧田董潘蒋蔡袁于苏叶程魏沈姚丁范方石贺白']);
export const RENAMEABLE: readonly PersonSeed[] = PEOPLE.filter(
  (p) => /^[\u4e00-\u9fff]{2,3}$/.test(p.name) && p.pinyin !== '' && FAMILY_NAMES.has(p.name.charAt(0)) && !PEOPLE.some((o) => o !== p && o.name.includes(p.name)),
);

/**
 * New names for the rename-able people present in `state` (as a record's `name`) whom the task
 * does not refer to: `referred` is everything the task names (its parameters, goal and answer
 * fields as text), and a person is referred when their name or the id of a record carrying it
 * occurs in it. Drawn from the seed and the variant; a new name occurs neither in the state nor
 * in `referred`, and each is used once.
 */
export function chooseRenames(state: unknown, seed: number, variant: number, referred: string): PersonRename[] {
  const ids = recordIdsByName(state);
  const taken = JSON.stringify(state) + referred;
  const rng = new Rng(seed >>> 0).fork(`look-names:${variant}`);
  const pools = new Map<string, [string, string][]>();
  const renames: PersonRename[] = [];
  for (const person of RENAMEABLE) {
    const carriers = ids.get(person.name);
    if (!carriers || referred.includes(person.name) || carriers.some((id) => referred.includes(id))) continue;
    const givenLength = [...person.name].length === 2 ? 1 : 2;
    const gender = person.gender === 'unknown' ? (rng.chance(0.5) ? 'female' : 'male') : person.gender;
    const key = `${gender}:${givenLength}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = rng.shuffle(SURNAMES.flatMap(([s, sp]) => GIVEN[gender][givenLength].map(([g, gp]): [string, string] => [s + g, `${sp} ${gp}`])));
      pools.set(key, pool);
    }
    let next = pool.shift();
    while (next && taken.includes(next[0])) next = pool.shift();
    if (!next) continue;
    renames.push({ from: person.name, to: next[0], fromPinyin: person.pinyin, toPinyin: next[1] });
  }
  return renames;
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

/** The fields a person's record derives from their name: pinyin, index letter, glyph, ids made of pinyin. */
function followName(record: Record<string, unknown>, r: PersonRename): void {
  if (typeof record.pinyin === 'string') record.pinyin = r.toPinyin;
  if (typeof record.initial === 'string' && /^[A-Z]$/.test(record.initial)) record.initial = r.toPinyin.charAt(0).toUpperCase();
  const avatar = record.avatar as Record<string, unknown> | undefined;
  if (avatar && typeof avatar === 'object' && typeof avatar.glyph === 'string') avatar.glyph = glyphOf(r.to);
  if (typeof record.email === 'string') record.email = renamePinyinId(record.email, r);
  if (typeof record.accountId === 'string') record.accountId = renamePinyinId(record.accountId, r);
}

/**
 * An address or account id made from the old pinyin (`yuanye@…`, `yuanye1994`, `yy_1234`,
 * `ye_yuan`) made from the new one the same way; any other id is kept.
 */
function renamePinyinId(id: string, r: PersonRename): string {
  const forms = (pinyin: string) => {
    const syl = pinyin.split(' ');
    return { full: syl.join(''), given: syl.slice(1).join(''), surname: syl[0], inits: syl.map((x) => x.charAt(0)).join('') };
  };
  const from = forms(r.fromPinyin);
  const to = forms(r.toPinyin);
  if (id.startsWith(`${from.given}_${from.surname}`)) return `${to.given}_${to.surname}` + id.slice(`${from.given}_${from.surname}`.length);
  if (id.startsWith(from.full)) return to.full + id.slice(from.full.length);
  if (id.startsWith(`${from.inits}_`)) return to.inits + id.slice(from.inits.length);
  return id;
}
