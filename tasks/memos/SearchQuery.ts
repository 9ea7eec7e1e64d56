import { defineTask } from '../../bridge/tasks/api.ts';
import { spreadParam } from '../_shared/params.ts';
import { pickOrNull } from '../_shared/records.ts';
import { bodyLines, memosOf, memoTitle, namedMemos, openMemoList } from './_helpers.ts';

interface P extends Record<string, unknown> {
  memoId: string;
  phrase: string;
}

/** Grounded L2: which memo mentions a phrase (a body line only one memo has, not its title); search finds it. */
export default defineTask<P>({
  goal: (p) => `我记得有条备忘录里写过“${p.phrase}”，是哪一条？告诉我它的标题。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['memos'],
  startApp: 'memos',
  tags: ['search'],
  params: spreadParam('_line', ['memoId', 'phrase'], (state, rng) => {
    const all = memosOf(state).memos.filter((m) => !m.locked);
    const text = (m: (typeof all)[number]) => [memoTitle(m), ...bodyLines(m)].join('\n');
    const lines = namedMemos(state, (m) => !m.locked).flatMap((m) => bodyLines(m).map((l) => ({ m, l: l.replace(/^\d+\.\s*/, '') })));
    const unique = lines.filter(({ m, l }) => l.length >= 4 && all.every((o) => o.id === m.id || !text(o).includes(l)));
    const pick = pickOrNull(rng, unique);
    return pick && { memoId: pick.m.id, phrase: pick.l };
  }),
  answer: {
    fields: [{ id: 'title', label: '备忘录标题', type: 'text' }],
    expected: (p, input) => ({ title: memoTitle(memosOf(input.init).memos.find((m) => m.id === p.memoId)!) }),
  },
  async oracle(ui, p) {
    await openMemoList(ui);
    await ui.type('memos.search', p.phrase);
    const hit = ui.findAll('memos.item.*');
    if (hit.length !== 1 || hit[0]!.key !== `memos.item.${p.memoId}`) throw new Error(`search for ${p.phrase} shows ${hit.map((h) => h.key).join(', ')}`);
    return hit[0]!.text;
  },
});
