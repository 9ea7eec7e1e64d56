import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { nextDraftId } from '../../simulator-apps/notes/logic.ts';
import { newMyNotes, notesOf, openNotesTab } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  draftId: string;
  draftTitle: string;
  tag: string;
  city: string;
}

const DRAFT = { title: '楼下新开的面包店', body: '招牌是海盐卷，刚出炉的时候排了好久的队，外壳脆里面软。' };

/**
 * The draft box holds a half-written note; the user adds a tag and a place and publishes it.
 * The draft goes away, the note is mine and public.
 */
export default defineTask<P>({
  goal: (p) => `小橙书草稿箱里有一篇标题为“${p.draftTitle}”的草稿。给它加上话题 #${p.tag}，地点选${p.city}，然后发布出去。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'publish', 'drafts'],
  params: {
    ...spreadParam('_draft', ['draftId', 'draftTitle'], (state) => {
      const d = notesOf(state).drafts.find((x) => x.title === DRAFT.title);
      return d ? { draftId: d.id, draftTitle: d.title } : null;
    }),
    tag: { type: 'enum', values: ['面包', '探店', '早餐打卡'] },
    city: { type: 'enum', values: ['上海', '杭州', '南京'] },
  },
  prepare({ state }) {
    const s = notesOf(state);
    s.drafts.push({ id: nextDraftId(s), title: DRAFT.title, body: DRAFT.body, tags: [], palette: 1, category: '', visibility: 'public', city: '', updatedAt: state.os.time.timestamp - 3 * 3_600_000 });
  },
  checkGoals(input, p) {
    const added = newMyNotes(input);
    const n = added[0];
    const gone = !notesOf(input.final).drafts.some((d) => d.id === p.draftId);
    return [
      exactlyOne('exactly one new note of mine', added, 'apps.notes.notes'),
      criteria.equals('its title', n?.title ?? null, DRAFT.title),
      criteria.equals('its body', n?.body ?? null, DRAFT.body),
      criteria.that('it carries the tag', !!n && n.tags.includes(p.tag), { expected: p.tag, actual: n?.tags ?? null }),
      criteria.equals('its place', n?.city ?? null, p.city),
      criteria.equals('it is public', n?.visibility ?? null, 'public'),
      criteria.that('the draft left the draft box', gone, { expected: 'removed', actual: gone ? 'removed' : 'still there', path: 'apps.notes.drafts' }),
    ];
  },
  async oracle(ui, p) {
    await openNotesTab(ui, 'me');
    await ui.tap('notes.me.drafts');
    await ui.tap(`notes.draft.${p.draftId}`);
    await ui.type('notes.publish.tagInput', p.tag);
    await ui.tap('notes.publish.tagAdd');
    await scrollAndTap(ui, 'notes.publish.location', 'notes.publish.form');
    await ui.tap(`notes.city.${p.city}`);
    await ui.tap('notes.publish.submit');
  },
});
