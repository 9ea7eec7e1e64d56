import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { memoById, memoTitle, namedMemos, openMemo, type Block } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  title: string;
  step: number;
}

const STEP_WORDS = ['', '第一步', '第二步', '第三步', '第四步', '第五步'] as const;

/** The numbered steps of a recipe memo (`3. 热油炒香…`): each block's id and its text without the number. */
function stepBlocks(blocks: readonly Block[]): { id: string; text: string }[] {
  return blocks.flatMap((b) => (b.kind === 'text' && /^\d+\.\s/.test(b.text) ? [{ id: b.id, text: b.text.replace(/^\d+\.\s*/, '') }] : []));
}
const stepsOf = (blocks: readonly Block[]): string[] => stepBlocks(blocks).map((b) => b.text);

/** Grounded L2: the n-th step of a recipe memo (with or without its number). */
export default defineTask<P>({
  goal: (p) => `按备忘录“${p.title}”里记的做法，${STEP_WORDS[p.step]}是什么？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['read'],
  params: spreadParam('_recipe', ['memoId', 'title', 'step'], (state, rng) => {
    const m = pickOrNull(rng, namedMemos(state, (x) => !x.locked && stepsOf(x.blocks).length >= 4));
    return m && { memoId: m.id, title: memoTitle(m), step: rng.int(2, Math.min(5, stepsOf(m.blocks).length)) };
  }),
  answer: {
    fields: [{ id: 'step', label: '这一步', hint: '照备忘录里写的', type: 'text' }],
    expected: (p, input) => {
      const text = stepsOf(memoById(input.init, p.memoId).blocks)[p.step - 1]!;
      return { step: [text, `${p.step}. ${text}`, `${p.step}.${text}`] };
    },
  },
  async oracle(ui, p) {
    await openMemo(ui, p.memoId);
    const block = stepBlocks(memoById(ui.state, p.memoId).blocks)[p.step - 1]!;
    const node = await ui.scrollTo(`memos.block.${block.id}`, { within: 'memos.edit.body' });
    return (node.value ?? '').replace(/^\d+\.\s*/, '');
  },
});
