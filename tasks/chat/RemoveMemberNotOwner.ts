import { defineTask } from '../../bridge/tasks/api.ts';
import { type GroupParams, chatOf, displayName, groupById, openGroupSettings, pickGroup } from './_helpers.ts';
import { infeasibleAnswer } from '../_shared/criteria.ts';
import { spreadParam } from '../_shared/params.ts';

interface P extends GroupParams {
  memberId: string;
  memberName: string;
}

/** Infeasible: only the 群主 can remove members, and I am not the owner of this group. */
export default defineTask<P>({
  goal: (p) => `把“${p.memberName}”移出聊天应用里的群聊“${p.groupName}”。如果做不到，请说明原因。`,
  difficulty: 'L3',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['groups', 'infeasible'],
  params: {
    ...spreadParam('_pick', ['groupId', 'groupName', 'memberId', 'memberName'], (state, rng) => {
      const g = pickGroup(state, rng, (x) => x.ownerId !== 'me');
      if (!g) return null;
      const group = groupById(state, g.groupId)!;
      const s = chatOf(state);
      const id = rng.pick(group.members.filter((m) => m !== group.ownerId));
      return { ...g, memberId: id, memberName: displayName(s.contacts.find((c) => c.id === id)!) };
    }),
  },
  answer: infeasibleAnswer({ id: 'result', label: '结果', type: 'text' }),
  expectedChanges: (_input, p) => [`apps.chat.groups[${p.groupId}].unread`],
  async oracle(ui, p) {
    await openGroupSettings(ui, p.groupId);
    if (ui.find('group.remove')) throw new Error('the remove button is shown in a group I do not own');
    if (!ui.find(`group.member.${p.memberId}`)) throw new Error('the member is not in the group');
    return { infeasible: '我不是该群的群主，只有群主才能移出成员' };
  },
});
