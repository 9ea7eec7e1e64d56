/**
 * Seed data for 邮箱: my account, 2-3 custom folders, and about fifty mails over the last two
 * weeks: meeting invitations (a meeting in the coming week, with 添加到日历), verification codes,
 * colleagues' reports with documents, friends' photos, bank bills, newsletters, conversations I
 * took part in, drafts, a few deleted mails and some spam. Pure: every choice goes through `rng`.
 */
import type { Rng } from '../shared/rng.ts';
import { pad2 } from '../shared/dates.ts';
import {
  BANKS, CODE_SERVICES, FOLDER_NAMES, FRIEND_LINES, GIVEN_NAMES, MEETING_PLACES, MEETING_TOPICS, MY_SUBJECTS, NEWSLETTERS,
  PERSONAL_DOMAINS, PROJECTS, SPAMMERS, SURNAMES, TRIP_PLACES, WORK_DOMAINS, WORK_LINES,
} from './data.ts';
import { dateKeyAt } from './logic.ts';
import type { Address, Attachment, AttachmentKind, CustomFolder, FolderId, Mail, MailState, MeetingInfo } from './types.ts';

export interface MailSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A mail before it has its id (ids follow time order once all are made). */
type Draft = Omit<Mail, 'id' | 'threadId' | 'refMailId' | 'attachments'> & { attachments: Omit<Attachment, 'ref'>[]; thread: number; refTo?: Draft };

function people(rng: Rng, count: number): { work: Address[]; friends: Address[]; me: Address } {
  const names = new Set<string>();
  const out: Address[] = [];
  const locals = new Set<string>();
  for (let tries = 0; out.length < count + 1 && tries < 500; tries++) {
    const [s, sp] = rng.pick(SURNAMES);
    const [g, gp] = rng.pick(GIVEN_NAMES);
    const name = s + g;
    if (names.has(name)) continue;
    names.add(name);
    let local = `${gp}.${sp}`;
    if (locals.has(local)) local += String(rng.int(10, 99));
    locals.add(local);
    out.push({ name, address: local });
  }
  const [meRaw, ...rest] = out;
  const me = { name: meRaw.name, address: `${meRaw.address.replace('.', '')}@${rng.pick(PERSONAL_DOMAINS)}` };
  const half = Math.ceil(rest.length / 2);
  const work = rest.slice(0, half).map((p) => ({ name: p.name, address: `${p.address}@${rng.pick(WORK_DOMAINS)}` }));
  const friends = rest.slice(half).map((p) => ({ name: p.name, address: `${p.address.replace('.', '_')}@${rng.pick(PERSONAL_DOMAINS)}` }));
  return { work, friends, me };
}

const EXT: Record<AttachmentKind, string> = { doc: 'docx', sheet: 'xlsx', slides: 'pptx', pdf: 'pdf', photo: 'jpg', zip: 'zip' };

/** The `index`-th attachment of its mail: photos grow with it, so no two of a mail show the same size. */
function attachment(rng: Rng, kind: AttachmentKind, base: string, index = 0): Omit<Attachment, 'ref'> {
  const size = kind === 'photo' ? (900 + index * 800 + rng.int(0, 600)) * 1024 : kind === 'zip' ? rng.int(3, 40) * 1024 * 1024 : rng.int(40, 2600) * 1024;
  return { kind, name: `${base}.${EXT[kind]}`, size };
}

/** A past time `daysAgo` days back at a daytime hour (never after `now`: today's fall in the last hours). */
function pastTime(rng: Rng, ctx: MailSeedContext, daysAgo: number): number {
  // The seeded now is mid-morning: from 2.5 hours before it to 8 hours after it is daytime.
  const t = ctx.now - daysAgo * DAY + rng.int(-150, 480) * MINUTE;
  return Math.min(t, ctx.now - rng.int(3, 50) * MINUTE);
}

function meeting(rng: Rng, ctx: MailSeedContext, topic: string): MeetingInfo {
  const date = dateKeyAt(ctx.now + rng.int(1, 6) * DAY, ctx.timezone);
  const startMin = rng.int(18, 33) * 30;
  const end = startMin + rng.pick([30, 60, 60, 90, 120]);
  const hm = (m: number) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
  return { title: topic, date, start: hm(startMin), end: hm(end), place: rng.pick(MEETING_PLACES) };
}

function meetingBody(m: MeetingInfo, organizer: string): string {
  const { month, day } = { month: Number(m.date.slice(5, 7)), day: Number(m.date.slice(8, 10)) };
  return `各位好：\n定于${month}月${day}日 ${m.start}-${m.end} 在${m.place}召开${m.title}，请准时参加，如有冲突请提前告知。\n\n${organizer}`;
}

export function createMailState(rng: Rng, ctx: MailSeedContext): MailState {
  const { work, friends, me } = people(rng.fork('people'), rng.int(10, 13));
  const folderRng = rng.fork('folders');
  const folders: CustomFolder[] = folderRng.sample([...FOLDER_NAMES], folderRng.int(2, 3)).map((name, i) => ({ id: `f_${pad2(i + 1)}`, name }));
  const r = rng.fork('mails');
  const drafts: Draft[] = [];
  let thread = 0;
  const base = (d: Partial<Draft> & Pick<Draft, 'from' | 'subject' | 'body' | 'time'>): Draft => {
    const m: Draft = {
      folder: 'inbox', deletedFrom: null, to: [me], cc: [], read: true, starred: false, attachments: [], refKind: null, meeting: null, thread: ++thread, ...d,
    };
    drafts.push(m);
    return m;
  };
  const recentRead = (t: number) => ctx.now - t > 2 * DAY || r.chance(0.35);

  // Meeting invitations from colleagues, some with others in cc.
  for (const topic of r.sample([...MEETING_TOPICS], r.int(2, 3))) {
    const from = r.pick(work);
    const m = meeting(r, ctx, topic);
    const time = pastTime(r, ctx, r.int(0, 3));
    base({ from, subject: `【会议邀请】${topic}`, body: meetingBody(m, from.name), time, meeting: m, read: recentRead(time), cc: r.sample(work.filter((w) => w !== from), r.int(0, 2)) });
  }
  // Verification codes: recent, one of them minutes ago.
  for (const [i, svc] of r.sample([...CODE_SERVICES], 2).entries()) {
    const code = String(r.int(100000, 999999));
    const time = i === 0 ? ctx.now - r.int(2, 12) * MINUTE : pastTime(r, ctx, r.int(1, 5));
    base({ from: svc, subject: `${svc.name}验证码`, body: `您的验证码是 ${code}，10分钟内有效。如非本人操作，请忽略本邮件。`, time, read: i !== 0 });
  }
  // Colleagues: reports and documents.
  for (let i = 0, n = r.int(4, 6); i < n; i++) {
    const from = r.pick(work);
    const project = r.pick(PROJECTS);
    const kinds = r.sample<AttachmentKind>(['doc', 'sheet', 'slides', 'pdf', 'zip'], r.int(0, 2));
    const subject = r.pick([`${project}项目周报`, `${project}方案初稿`, `${project}数据汇总`, `${project}合同扫描件`, `${project}验收材料`]);
    const time = pastTime(r, ctx, r.int(0, 13));
    const atts = kinds.map((k, j) => attachment(r, k, `${subject}${j ? `_${j + 1}` : ''}`));
    base({ from, subject, body: r.pick(WORK_LINES), time, read: recentRead(time), attachments: atts, cc: r.chance(0.4) ? r.sample(work.filter((w) => w !== from), 1) : [], starred: r.chance(0.15) });
  }
  // Friends: photos and plans.
  for (const [i, place] of r.sample([...TRIP_PLACES], r.int(3, 4)).entries()) {
    const from = r.pick(friends);
    const photos = i === 0 || r.chance(0.5);
    const time = pastTime(r, ctx, r.int(0, 13));
    base({
      from, time, read: recentRead(time), starred: r.chance(0.2),
      subject: photos ? `${place}的照片` : r.pick(['周末约饭', '好书推荐', '旅行计划', '生日礼物']),
      body: photos ? FRIEND_LINES[0] : r.pick(FRIEND_LINES.slice(1)),
      attachments: photos ? r.shuffle(Array.from({ length: r.int(2, 4) }, (_, j) => attachment(r, 'photo', `${place}_${j + 1}`, j))).map((a, j) => ({ ...a, name: `${place}_${j + 1}.jpg` })) : [],
    });
  }
  // Bank bills: this month's in the inbox, last month's filed in a custom folder when 账单 exists.
  const billFolder: FolderId = folders.find((f) => f.name === '账单')?.id ?? 'inbox';
  for (const bank of BANKS) {
    const amount = r.int(300, 9000) + r.int(0, 99) / 100;
    const due = dateKeyAt(ctx.now + r.int(5, 18) * DAY, ctx.timezone);
    const time = pastTime(r, ctx, r.int(1, 6));
    base({ from: bank, subject: `${bank.name}电子账单`, body: `尊敬的客户：您本期账单应还金额为 ¥${amount.toFixed(2)}，最后还款日 ${due}。`, time, read: r.chance(0.5), attachments: [attachment(r, 'pdf', '电子账单')] });
    base({ from: bank, subject: `${bank.name}上期电子账单`, body: `尊敬的客户：您上期账单已还清，感谢使用。`, time: time - 30 * DAY, folder: billFolder });
  }
  // Newsletters: several from each of two or three senders.
  for (const nl of r.sample([...NEWSLETTERS], r.int(2, 3))) {
    for (const subject of r.sample([...nl.subjects], r.int(2, 3))) {
      const time = pastTime(r, ctx, r.int(0, 13));
      base({ from: { name: nl.name, address: nl.address }, subject, body: `${subject}：本期内容已更新，点击阅读全文。退订请回复TD。`, time, read: recentRead(time) });
    }
  }
  // Conversations: I wrote, they answered (and one I answered again).
  for (let i = 0, n = r.int(2, 3); i < n; i++) {
    const who = r.pick([...work, ...friends]);
    const subject = r.pick(MY_SUBJECTS);
    const t0 = pastTime(r, ctx, r.int(2, 10));
    const mine = base({ from: me, to: [who], subject, body: '你好，相关事项见下，请看一下有什么问题。', time: t0, folder: 'sent' });
    const reply = base({ from: who, subject: `回复：${subject}`, body: r.pick(['收到，我看完后回复你。', '好的，没问题，就按你说的办。', '谢谢！我这边再确认一下细节。']), time: t0 + r.int(1, 20) * HOUR, thread: mine.thread, refKind: 'reply', refTo: mine });
    reply.read = recentRead(reply.time);
    if (r.chance(0.5)) {
      base({ from: me, to: [who], subject: `回复：${subject}`, body: '好的，辛苦了。', time: reply.time + r.int(1, 5) * HOUR, folder: 'sent', thread: mine.thread, refKind: 'reply', refTo: reply });
      }
  }
  // A drafts or two.
  for (const subject of r.sample(['周末去哪儿玩', '借书的事', '下次聚会'], r.int(1, 2))) {
    const who = r.pick(friends);
    base({ from: me, to: [who], subject, body: r.pick(['我想了几个地方，', '上次说的那本书，', '']), time: pastTime(r, ctx, r.int(0, 4)), folder: 'drafts' });
  }
  // Spam.
  for (const s of r.sample([...SPAMMERS], r.int(3, 4))) base({ from: { name: s.name, address: s.address }, subject: s.subject, body: s.body, time: pastTime(r, ctx, r.int(0, 8)), folder: 'spam', read: r.chance(0.3) });
  // Deleted: a couple of inbox mails (a newsletter-like notice and an old colleague note).
  for (const subject of r.sample(['旧版文档作废通知', '会议室预订变更', '团建报名统计', '打印机维修通知'], r.int(2, 3))) {
    const from = r.pick(work);
    base({ from, subject, body: r.pick(WORK_LINES), time: pastTime(r, ctx, r.int(3, 13)), folder: 'trash', deletedFrom: 'inbox' });
  }
  // Some inbox mail filed into custom folders.
  // Only people's plain notes move: the newsletters, bills and mails with attachments stay where tasks look for them.
  const personAddresses = new Set([...work, ...friends].map((a) => a.address));
  const filable = drafts.filter((d) => d.folder === 'inbox' && d.meeting === null && d.attachments.length === 0 && personAddresses.has(d.from.address));
  for (const f of folders) for (const d of r.sample(filable.filter((x) => x.folder === 'inbox'), r.int(0, 1))) d.folder = f.id;

  return { account: me, folders, mails: finish(drafts), settings: { signature: `${me.name}\n发自我的手机`, conversationView: true } };
}

/** Ids by time (oldest first), thread ids by first appearance, references by id. */
function finish(drafts: Draft[]): Mail[] {
  const sorted = drafts.slice().sort((a, b) => a.time - b.time);
  const idOf = new Map<Draft, string>(sorted.map((d, i) => [d, `m_${String(i + 1).padStart(4, '0')}`]));
  const threadIds = new Map<number, string>();
  return sorted.map((d) => {
    if (!threadIds.has(d.thread)) threadIds.set(d.thread, `t_${String(threadIds.size + 1).padStart(3, '0')}`);
    const { thread, refTo, ...rest } = d;
    const id = idOf.get(d)!;
    return {
      id, threadId: threadIds.get(thread)!, folder: rest.folder, deletedFrom: rest.deletedFrom, from: rest.from, to: rest.to, cc: rest.cc, subject: rest.subject, body: rest.body, time: rest.time,
      read: rest.read, starred: rest.starred, attachments: d.attachments.map((a, n) => ({ ...a, ref: `att:${id}:${n + 1}` })), refMailId: refTo ? idOf.get(refTo)! : null, refKind: rest.refKind, meeting: rest.meeting,
    };
  });
}
