/**
 * Seed data for 备忘录: four folders (工作 and 生活 and two more), 14-17 memos of every kind
 * (checklists with some items ticked, recipes with numbered steps, meeting notes with follow-ups,
 * plain notes, sketches, one or two locked private memos), one or two pinned, two in 最近删除,
 * written over the last two months. Titles are unique. Pure.
 */
import type { Rng } from '../shared/rng.ts';
import { CHECKLISTS, FOLDER_NAMES, HINTS, MEETINGS, PASSWORDS, PRIVATE_NOTES, RECIPES, SKETCHES, THOUGHTS } from './data.ts';
import type { Block, Folder, Memo, MemosState } from './types.ts';

export interface MemosSeedContext {
  now: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A block before it has an id. */
type BlockSpec = Block extends infer B ? (B extends Block ? Omit<B, 'id'> : never) : never;

/** A memo before it has an id and times: its blocks and the folder it belongs in. */
interface Draft {
  folder: string | null;
  blocks: BlockSpec[];
  locked?: boolean;
}

const heading = (text: string): BlockSpec => ({ kind: 'heading', text });
const text = (t: string): BlockSpec => ({ kind: 'text', text: t });

function checklistDrafts(rng: Rng): Draft[] {
  return rng.sample([...CHECKLISTS], rng.int(4, 5)).map((kind) => {
    const items = rng.sample([...kind.items], rng.int(5, 8));
    const blocks: BlockSpec[] = [heading(rng.pick(kind.titles)), ...items.map((t) => ({ kind: 'check' as const, text: t, done: rng.chance(0.35) }))];
    // Every list keeps at least two open items and one ticked.
    const checks = blocks.filter((b): b is Extract<BlockSpec, { kind: 'check' }> => b.kind === 'check');
    checks[0]!.done = false;
    checks[1]!.done = false;
    checks[checks.length - 1]!.done = true;
    return { folder: kind.folder, blocks };
  });
}

function recipeDrafts(rng: Rng): Draft[] {
  return rng.sample([...RECIPES], 2).map((r) => ({
    folder: '生活',
    blocks: [heading(r.title), text(`食材：${r.ingredients}`), heading('步骤'), ...r.steps.map((s, i) => text(`${i + 1}. ${s}`))],
  }));
}

function meetingDrafts(rng: Rng): Draft[] {
  return rng.sample([...MEETINGS], rng.int(1, 2)).map((m) => ({
    folder: '工作',
    blocks: [heading(m.title), ...m.lines.map(text), heading('会后待办'), ...m.todos.map((t) => ({ kind: 'check' as const, text: t, done: rng.chance(0.3) }))],
  }));
}

function noteDrafts(notes: readonly { title: string; lines: readonly string[]; folder: string }[]): Draft[] {
  return notes.map((n) => ({ folder: n.folder, blocks: [heading(n.title), ...n.lines.map(text)] }));
}

function sketchDrafts(rng: Rng): Draft[] {
  return rng.sample([...SKETCHES], 2).map((s) => ({ folder: '灵感', blocks: [heading(s.title), { kind: 'sketch', seed: rng.int(1, 999_999) }, text(s.caption)] }));
}

function privateDrafts(rng: Rng): Draft[] {
  return rng.sample([...PRIVATE_NOTES], rng.int(1, 2)).map((n) => ({ folder: null, locked: true, blocks: [heading(n.title), ...n.lines.map(text)] }));
}

export function createMemosState(rng: Rng, ctx: MemosSeedContext): MemosState {
  const names = ['工作', '生活', ...rng.fork('folders').sample(FOLDER_NAMES.filter((n) => n !== '工作' && n !== '生活'), 2)];
  const folders: Folder[] = names.map((name, i) => ({ id: `fd_0${i + 1}`, name }));
  const folderOf = (name: string | null): string | null => folders.find((f) => f.name === name)?.id ?? null;

  const content = rng.fork('content');
  const thoughts = content.shuffle([...THOUGHTS]);
  const live = [...checklistDrafts(content), ...recipeDrafts(content), ...meetingDrafts(content), ...noteDrafts(thoughts.slice(0, 3)), ...sketchDrafts(content), ...privateDrafts(content)];
  const deleted = noteDrafts(thoughts.slice(3, 5));

  const times = rng.fork('times');
  const order = times.shuffle([...live.map((d) => ({ d, deleted: false })), ...deleted.map((d) => ({ d, deleted: true }))]);
  const memos: Memo[] = order.map(({ d, deleted: gone }, i) => {
    const createdAt = ctx.now - times.int(2 * DAY, 60 * DAY);
    // Two of those still in the list were written today, the rest any time since they were made.
    const editedAt = i < 2 && !gone ? ctx.now - times.int(20, 150) * MINUTE : times.int(createdAt, ctx.now - DAY);
    return {
      id: `mm_${String(i + 1).padStart(3, '0')}`,
      folderId: d.locked ? null : folderOf(d.folder),
      blocks: d.blocks.map((b, j) => ({ ...b, id: `bk_${String(j + 1).padStart(2, '0')}` }) as Block),
      pinned: false,
      locked: d.locked === true,
      createdAt,
      editedAt,
      deletedAt: gone ? times.int(Math.max(editedAt, ctx.now - 10 * DAY), ctx.now - 30 * MINUTE) : null,
    };
  });
  const pinnable = memos.filter((m) => !m.locked && m.deletedAt === null);
  for (const m of times.sample(pinnable, times.int(1, 2))) m.pinned = true;

  const lock = rng.fork('lock');
  return { memos, folders, layout: 'list', sort: 'edited', password: lock.pick(PASSWORDS), hint: lock.pick(HINTS) };
}
