import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { chatOf, displayName, groupById, openGroupSettings, pickGroup } from './_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { scrollAndTap } from '../_shared/ui.ts';

interface P extends Record<string, unknown> {
  groupId: string;
  groupName: string;
  memberId: string;
  memberName: string;
}

export default defineTask<P>({
  goal: (p) => `我是聊天应用里群聊“${p.groupName}”的群主，请把“${p.memberName}”移出这个群。`,
  difficulty: 'L3',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups'],
  params: {
    ...spreadParam('_pick', ['groupId', 'groupName', 'memberId', 'memberName'], (state, rng) => {
      const g = pickGroup(state, rng, (x) => x.ownerId === 'me' && x.members.length >= 3);
      if (!g) return null;
      const s = chatOf(state);
      const id = rng.pick(groupById(state, g.groupId)!.members);
      const c = s.contacts.find((x) => x.id === id)!;
      if (s.contacts.filter((x) => displayName(x) === displayName(c)).length !== 1) return null;
      return { ...g, memberId: id, memberName: displayName(c) };
    }),
  },
  checkGoals(input, p) {
    const before = groupById(input.init, p.groupId)!.members;
    const after = groupById(input.final, p.groupId)?.members ?? [];
    return [
      criteria.that('the member is no longer in the group', !after.includes(p.memberId), { expected: false, actual: after.includes(p.memberId), path: `apps.chat.groups[${p.groupId}].members` }),
      criteria.equals('nobody else was removed', after.length, before.length - 1),
    ];
  },
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].members[*]`, `apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await openGroupSettings(ui, p.groupId);
    await ui.tap('group.remove');
    await scrollAndTap(ui, `pick.item.${p.memberId}`, 'pick.list');
    await ui.tap('pick.done');
    await ui.tap('dialog.confirm');
  },
});
