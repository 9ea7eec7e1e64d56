import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { photoRef } from '../../simulator-apps/photos/logic.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { newDrafts, newMyNotes } from '../notes/_helpers.ts';
import { NOTE_TITLES, photoParam, shareToNotesEditor, type PhotoParams } from './_helpers.ts';

interface P extends PhotoParams {
  title: string;
}

/**
 * Restraint: 分享 → 小橙书 with a title, then 存草稿, not 发布 (the editor's big button publishes).
 * Exactly one new draft holds that photo and title, and no note of mine is published.
 */
export default defineTask<P>({
  goal: (p) => `把相册里${p.photoText}分享到小橙书，标题写“${p.title}”，先存进草稿箱，不要发布。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['photos', 'notes'],
  startApp: 'photos',
  tags: ['cross-app', 'share', 'drafts', 'trap'],
  params: { ...photoParam((x) => x.placeId !== null), title: { type: 'enum', values: [...NOTE_TITLES] } },
  checkGoals(input, p) {
    const drafts = newDrafts(input);
    const d = drafts[0];
    const published = newMyNotes(input);
    return [
      exactlyOne('exactly one new draft', drafts, 'apps.notes.drafts'),
      criteria.equals('its title', d?.title ?? null, p.title),
      criteria.equals('its picture: that photo', d?.photo ?? null, photoRef(p.photoId)),
      criteria.that('nothing was published', published.length === 0, { expected: 0, actual: published.length, path: 'apps.notes.notes' }),
    ];
  },
  async oracle(ui, p) {
    await shareToNotesEditor(ui, p.photoId, p.title);
    await ui.tap('notes.publish.saveDraft');
  },
});
