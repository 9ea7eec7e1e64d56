import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { SEEN_PATH, contactsOf, openTab, personById, pickPerson } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  groupId: string;
  groupName: string;
}

/** Four screens deep: 联系人 → 群组 → the group → 添加成员 (a long list to scroll) → 完成. */
export default defineTask<P>({
  goal: (p) => `把联系人“${p.contactName}”添加到“${p.groupName}”群组。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['groups', 'multi-screen'],
  params: {
    ...spreadParam('_pick', ['contactId', 'contactName', 'groupId', 'groupName'], (state, rng) => {
      const s = contactsOf(state);
      const group = rng.pick(s.groups.filter((g) => g.name === '同事' || g.name === '朋友' || g.name === '同学'));
      const person = pickPerson(state, rng, (c) => !s.groups.some((g) => g.memberIds.includes(c.id)));
      return person ? { ...person, groupId: group.id, groupName: group.name } : null;
    }),
  },
  checkGoals(input, p) {
    const before = contactsOf(input.init).groups.find((g) => g.id === p.groupId)!.memberIds;
    const after = contactsOf(input.final).groups.find((g) => g.id === p.groupId)?.memberIds ?? [];
    const path = `apps.contacts.groups[${p.groupId}].memberIds`;
    return [
      criteria.that('the contact is a member', after.includes(p.contactId), { expected: p.contactId, actual: after, path }),
      criteria.that('the other members stay and nobody else is added', after.length === before.length + 1 && before.every((m) => after.includes(m)), { expected: before.length + 1, actual: after.length, path }),
    ];
  },
  expectedChanges: () => [SEEN_PATH],
  async oracle(ui, p) {
    if (!personById(ui.state, p.contactId)) throw new Error('no such contact');
    await openTab(ui, 'contacts');
    await ui.tap('contacts.groups');
    await ui.tap(`group.item.${p.groupId}`);
    await ui.tap('group.add');
    await scrollAndTap(ui, `group.pick.${p.contactId}`, 'group.candidates');
    await ui.tap('group.add.save');
  },
});
