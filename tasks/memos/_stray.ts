/**
 * 备忘录's stray changes for `phonegym verify` (docs/verify.md): small edits no memos task asks
 * for, made through the UI from whatever screen the oracle ended on.
 *
 * 1. The list's view switched (列表 ↔ 网格) under ⋯. Only the view task owns it.
 * 2. A memo the task's parameters do not mention pinned (or unpinned) from its ⋯ sheet.
 */
import type { StrayChange } from '../../bridge/tasks/types.ts';
import type { MemosState } from '../../simulator-apps/memos/types.ts';
import { memoTitle } from '../../simulator-apps/memos/logic.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { memoAction, openMemo, openMemoList } from './_helpers.ts';

const MEMOS: StrayApp<MemosState> = { app: 'memos', has: (s) => Array.isArray(s.memos) && typeof s.layout === 'string' };

const layout = sliceStray(MEMOS, 'memos.layout', (memos) => {
  const next = memos.layout === 'list' ? 'grid' : 'list';
  return {
    path: 'apps.memos.layout',
    description: `备忘录 → ⋯ → ${next === 'grid' ? '网格视图' : '列表视图'}`,
    apply(draft) {
      draft.layout = next;
    },
    async run(ui) {
      await openMemoList(ui);
      await ui.tap('memos.menu');
      await ui.tap(`memos.layout.${next}`);
    },
  };
});

const pin = sliceStray(MEMOS, 'memos.pin', (memos, taken) => {
  const m = memos.memos.find((x) => x.deletedAt === null && !x.locked && !taken.has(x.id) && !taken.has(memoTitle(x)));
  if (!m) return null;
  const id = m.id;
  const pinned = !m.pinned;
  return {
    path: `apps.memos.memos[${id}].pinned`,
    description: `备忘录“${memoTitle(m)}” → ⋯ → ${pinned ? '置顶' : '取消置顶'}`,
    apply(draft) {
      draft.memos.find((x) => x.id === id)!.pinned = pinned;
    },
    async run(ui) {
      await openMemo(ui, id);
      await memoAction(ui, 'pin');
    },
  };
});

export const strays: StrayChange[] = [layout, pin];
