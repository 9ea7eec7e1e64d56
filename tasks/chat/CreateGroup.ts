import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { isLookalike, newGroups, openContactsTab, pickContact } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  aId: string;
  aName: string;
  bId: string;
  bName: string;
}

export default defineTask<P>({
  goal: (p) => `在聊天应用中发起一个群聊，成员是“${p.aName}”和“${p.bName}”（加上我共三人）。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups'],
  params: {
    ...spreadParam('_pair', ['aId', 'aName', 'bId', 'bName'], (state, rng) => {
      const a = pickContact(state, rng, (c) => !isLookalike(c.name));
      const b = pickContact(state, rng, (c) => !isLookalike(c.name) && c.id !== a?.contactId);
      return a && b ? { aId: a.contactId, aName: a.contactName, bId: b.contactId, bName: b.contactName } : null;
    }),
  },
  checkGoals(input, p) {
    const added = newGroups(input);
    const g = added[0];
    const members = g ? [...g.members].sort().join(',') : null;
    return [
      exactlyOne('exactly one new group', added, g ? `apps.chat.groups[${g.id}]` : undefined),
      criteria.equals('its members', members, [p.aId, p.bId].sort().join(',')),
    ];
  },
  async oracle(ui, p) {
    await openContactsTab(ui);
    await ui.tap('contacts.newGroup');
    for (const id of [p.aId, p.bId]) {
      await scrollAndTap(ui, `pick.item.${id}`, 'pick.list');
    }
    await ui.tap('pick.done');
  },
});
