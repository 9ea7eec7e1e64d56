import { defineTask } from '../../bridge/tasks/api.ts';
import { CITIES } from '../../simulator-apps/notes/data.ts';
import { type NoteParams, SEARCH_CHANGES, TRAP_TITLES, notesOf, openNoteBySearch } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { oneAndTwin } from '../_shared/records.ts';

interface P extends NoteParams {
  otherId: string;
}

/** Trap: two notes' titles differ only in 徒步/骑行, and they were posted from different cities. */
export default defineTask<P>({
  goal: (p) => `小橙书上的笔记《${p.title}》是在哪个城市发布的？`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['notes'],
  startApp: 'notes',
  tags: ['notes', 'lookup', 'trap'],
  params: {
    ...spreadParam('_note', ['noteId', 'title', 'otherId'], (state, rng) => {
      const [title, twin] = oneAndTwin(rng, TRAP_TITLES);
      const s = notesOf(state);
      const a = s.notes.find((n) => n.title === title);
      const b = s.notes.find((n) => n.title === twin);
      return a && b && !a.deleted && !b.deleted ? { noteId: a.id, title: a.title, otherId: b.id } : null;
    }),
  },
  postSample({ state, p, rng }) {
    const [c1, c2] = rng.shuffle(CITIES).slice(0, 2);
    const s = notesOf(state);
    s.notes.find((n) => n.id === p.noteId)!.city = c1;
    s.notes.find((n) => n.id === p.otherId)!.city = c2;
  },
  answer: {
    fields: [{ id: 'city', label: '城市', hint: '如：杭州', type: 'text' }],
    expected: (p, input) => {
      const city = notesOf(input.init).notes.find((n) => n.id === p.noteId)!.city;
      return { city: [city, `${city}市`] };
    },
  },
  expectedChanges: () => SEARCH_CHANGES,
  async oracle(ui, p) {
    await openNoteBySearch(ui, p.noteId, p.title);
    await ui.scrollTo('notes.note.meta', { within: 'notes.note.page' });
    const meta = ui.find('notes.note.meta')?.text ?? '';
    const city = notesOf(ui.state).notes.find((n) => n.id === p.noteId)!.city;
    if (!meta.endsWith(city)) throw new Error(`the note shows "${meta}", not the city ${city}`);
    return city;
  },
});
