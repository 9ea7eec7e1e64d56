/**
 * Shared pieces of the 备忘录 suite: typed access to the memos slice, parameter builders that draw
 * memos and checklist items a goal can name without ambiguity, the checks of a new memo, and
 * oracle moves on `data-ui` keys (the list, a memo, its ⋯ sheet, the lock screen, new lines).
 * Files starting with `_` are not tasks.
 */
import { criteria } from '../../bridge/tasks/api.ts';
import type { OracleUi, ParamSpec, Rng } from '../../bridge/tasks/api.ts';
import type { Criterion, JudgeInput } from '../../bridge/judge/judge.ts';
import type { PhoneState } from '../../bridge/protocol/state.ts';
import { bodyLines, checkedDownOrder, checkItems, findMemo, memosIn, memoTitle, nextBlockId, sortMemos, trashed } from '../../simulator-apps/memos/logic.ts';
import type { Block, CheckBlock, Memo, MemosState } from '../../simulator-apps/memos/types.ts';
import { addedRecords, pickOrNull, uniquelyNamed } from '../_shared/records.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAdded } from '../_shared/criteria.ts';

export { bodyLines, checkedDownOrder, checkItems, memosIn, memoTitle, sortMemos, trashed };
export type { Block, CheckBlock, Memo, MemosState };

export function memosOf(state: PhoneState): MemosState {
  return state.apps.memos as unknown as MemosState;
}

export function memoById(state: PhoneState, id: string): Memo {
  const m = findMemo(memosOf(state), id);
  if (!m) throw new Error(`no memo ${id}`);
  return m;
}

/** Memos in the list (not deleted) whose title no other memo shares, that pass `where`. */
export function namedMemos(state: PhoneState, where: (m: Memo) => boolean = () => true): Memo[] {
  const all = memosOf(state).memos;
  return uniquelyNamed(all, memoTitle, (m) => m.deletedAt === null && where(m));
}

export interface MemoParams extends Record<string, unknown> {
  memoId: string;
  title: string;
}

/** The `_memo` parameter: one memo a goal can name by its title (`where` filters), spread into memoId and title. */
export function memoParam(where: (m: Memo, state: PhoneState) => boolean = () => true): Record<string, ParamSpec> {
  return spreadParam('_memo', ['memoId', 'title'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => where(x, state)));
    return m && { memoId: m.id, title: memoTitle(m) };
  });
}

/** A memo with a checklist, not locked, whose item texts are unique within it. */
export function isChecklist(m: Memo, minItems = 4): boolean {
  const items = checkItems(m);
  return !m.locked && items.length >= minItems && new Set(items.map((c) => c.text)).size === items.length;
}

/** A new block id for `memo` after `n` blocks were added (what the app gives the n-th new line). */
export function newBlockId(memo: Pick<Memo, 'blocks'>, n = 0): string {
  let blocks: Pick<Block, 'id'>[] = memo.blocks;
  let id = nextBlockId(memo);
  for (let i = 0; i < n; i++) {
    blocks = [...blocks, { id }];
    id = nextBlockId({ blocks: blocks as Block[] });
  }
  return id;
}

/** Memos in `final` that were not in `init`. */
export function addedMemos(input: JudgeInput): Memo[] {
  return addedRecords(memosOf(input.init).memos, memosOf(input.final).memos);
}

export function addedMemoPaths(input: JudgeInput): string[] {
  return addedMemos(input).map((m) => `apps.memos.memos[${m.id}]`);
}

/** A task that writes one memo: exactly one new memo, its title, then `more` about it. */
export function newMemoCriteria(input: JudgeInput, title: string, more: (m: Memo | undefined) => Criterion[] = () => []): Criterion[] {
  return oneAdded('exactly one new memo', addedMemos(input), (m) => [criteria.equals('its title', m ? memoTitle(m) : null, title), ...more(m)]);
}

/** The texts of a memo's checklist items and whether each is done: `牛奶:open`. */
export function checklistOf(m: Memo | undefined): string[] {
  return m ? checkItems(m).map((c) => `${c.text.trim()}:${c.done ? 'done' : 'open'}`) : [];
}

/** The same list of strings, order aside. */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** Draws `n` distinct items of `pool` that are not in `avoid`. */
export function freshItems(rng: Rng, pool: readonly string[], avoid: readonly string[], n: number): string[] {
  return rng.shuffle(pool.filter((x) => !avoid.includes(x))).slice(0, n);
}

/** Item names none of the seeded lists use (new things to buy or do). */
export const NEW_ITEMS = ['橄榄油', '燕麦片', '猫砂', '蜂蜜', '电蚊香', '创可贴', '黑胡椒', '咖啡豆', '小番茄', '榨菜', '湿巾', '冰淇淋'] as const;

/** Titles of memos a task asks to write: none of them is a seeded title. */
export const NEW_TITLES = ['聚餐准备', '搬家清单', '野餐要带的', '开学准备', '年货清单', '周末计划'] as const;

// --- oracle navigation ------------------------------------------------------------------------

/** From anywhere, 备忘录's list of every memo with an empty search. */
export async function openMemoList(ui: OracleUi): Promise<void> {
  if (ui.route.app !== 'memos') {
    if (ui.find('app.memos')) await ui.tap('app.memos');
    else await ui.openApp('memos');
  }
  for (let i = 0; i < 8 && !ui.find('memos.list'); i++) await ui.back();
  if (ui.route.app !== 'memos') await ui.openApp('memos');
  if (!ui.find('memos.list')) throw new Error(`could not get back to the memo list (route ${ui.route.app}${ui.route.path})`);
  if (ui.find('memos.search.clear')) await ui.tap('memos.search.clear');
  if (ui.route.path !== '/') await ui.tap('memos.chip.all');
}

/** From anywhere, a memo's page (not unlocked). */
export async function openMemo(ui: OracleUi, memoId: string): Promise<void> {
  await openMemoList(ui);
  await ui.scrollTo(`memos.item.${memoId}`, { within: 'memos.list' });
  await ui.tap(`memos.item.${memoId}`);
}

/** On a locked memo's page: the password typed, the memo open. */
export async function unlockMemo(ui: OracleUi, password: string): Promise<void> {
  await ui.type('memos.lock.input', password, { clear: true });
  await ui.tap('memos.lock.unlock');
  if (!ui.find('memos.edit.body')) throw new Error('the memo did not open with the password');
}

/** On a memo's page: ⋯ → one of its actions (pin, lock, move, share, calendar, delete). */
export async function memoAction(ui: OracleUi, action: 'pin' | 'lock' | 'move' | 'share' | 'calendar' | 'delete'): Promise<void> {
  await ui.tap('memos.edit.more');
  await ui.tap(`memos.action.${action}`);
}

/** On a memo's page: a new checklist item at the end, typed. */
export async function addItem(ui: OracleUi, memoId: string, text: string): Promise<void> {
  const memo = memoById(ui.state, memoId);
  const last = memo.blocks.at(-1)!;
  // The toolbar adds after the line the cursor is on: put it on the last line first.
  if (last.kind !== 'sketch') {
    await ui.scrollTo(`memos.block.${last.id}`, { within: 'memos.edit.body' });
    await ui.tap(`memos.block.${last.id}`);
  }
  const id = nextBlockId(memoById(ui.state, memoId));
  await ui.tap('memos.tool.check');
  await ui.type(`memos.block.${id}`, text);
}

/** On a memo's page: a checklist item ticked or unticked (tapped only when it differs). */
export async function setItem(ui: OracleUi, blockId: string, done: boolean): Promise<void> {
  const key = `memos.check.${blockId}`;
  const node = await ui.scrollTo(key, { within: 'memos.edit.body' });
  if (Boolean(node.checked) !== done) await ui.tap(key);
}

/** From the list: + → a new memo with `title` and then each of `lines` (`check` lines become checklist items). */
export async function writeMemo(ui: OracleUi, title: string, lines: readonly { text: string; check: boolean }[]): Promise<string> {
  await ui.tap('memos.new');
  const memoId = ui.route.path.split('/').at(-1)!;
  await ui.type('memos.block.bk_01', title);
  for (const line of lines) {
    const id = nextBlockId(memoById(ui.state, memoId));
    await ui.tap(line.check ? 'memos.tool.check' : 'memos.tool.text');
    await ui.type(`memos.block.${id}`, line.text);
  }
  return memoId;
}

/** Back to the list from a memo's page (leaving it tidies empty lines). */
export async function leaveMemo(ui: OracleUi): Promise<void> {
  await ui.tap('topbar.back');
}
