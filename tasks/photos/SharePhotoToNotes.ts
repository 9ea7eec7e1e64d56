import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { photoRef } from '../../simulator-apps/photos/logic.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { newMyNotes } from '../notes/_helpers.ts';
import { NOTE_TITLES, photoParam, shareToNotesEditor, type PhotoParams } from './_helpers.ts';

interface P extends PhotoParams {
  title: string;
}

/** Cross-app: the viewer's 分享 → 小橙书 opens its editor with the photo; the user titles and publishes. */
export default defineTask<P>({
  goal: (p) => `把相册里${p.photoText}分享到小橙书，发布一篇标题为“${p.title}”的笔记。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['photos', 'notes'],
  startApp: 'photos',
  tags: ['cross-app', 'share', 'publish'],
  params: { ...photoParam((x) => x.placeId !== null), title: { type: 'enum', values: [...NOTE_TITLES] } },
  checkGoals(input, p) {
    const added = newMyNotes(input);
    const n = added[0];
    return [
      exactlyOne('exactly one new note of mine', added, 'apps.notes.notes'),
      criteria.equals('its title', n?.title ?? null, p.title),
      criteria.equals('its pictures: that photo only', n?.images.map((c) => c.photo ?? null) ?? null, [photoRef(p.photoId)]),
      criteria.equals('it is public', n?.visibility ?? null, 'public'),
    ];
  },
  async oracle(ui, p) {
    await shareToNotesEditor(ui, p.photoId, p.title);
    await ui.tap('notes.publish.submit');
  },
});
