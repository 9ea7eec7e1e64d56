import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { sendMessage } from '../chat/_helpers.ts';
import { chatCounterpart, conversationPaths, counterpartParam, sentSince } from '../interactive/_helpers.ts';
import { spreadParam } from '../_shared/params.ts';
import { BROWSE_CHANGES, callRideUi, ensureBalance, mapsOf, nameablePlaces, placeById, requestedRideCriteria, rideQuotes } from './_helpers.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  friendId: string;
  friendName: string;
  placeId: string;
  placeName: string;
}

/**
 * Interactive, two apps: ask a friend in 轻聊 where we meet for dinner; the friend names a
 * restaurant (the task's script); call a 快车 from home there in 路路通.
 */
export default defineTask<P>({
  goal: (p) => `今晚和“${p.friendName}”约了吃饭，在轻聊里问问TA在哪家店见面，然后用路路通叫一辆快车从家去那家店。`,
  difficulty: 'L4',
  objective: 'action',
  apps: ['chat', 'maps'],
  startApp: 'home',
  tags: ['interactive', 'cross-app', 'rides'],
  params: {
    ...counterpartParam('_friend', 'friend'),
    ...spreadParam('_place', ['placeId', 'placeName'], (state, rng) => {
      const s = mapsOf(state);
      const p = rng.pick(nameablePlaces(s, (x) => x.category === '美食'));
      return { placeId: p.id, placeName: p.name };
    }),
  },
  postSample({ state, p }) {
    const s = mapsOf(state);
    ensureBalance(state, Math.max(...rideQuotes(s, s.saved.homeId!, p.placeId).map((q) => q.price)));
  },
  // The friend names the place when asked where (or which restaurant); otherwise asks what is meant.
  interaction: chatCounterpart<P>(
    (p) => p.friendId,
    ({ p, unanswered }) => {
      if (!unanswered.some((t) => /哪|地方|店|地址|位置|见/.test(t))) return { text: '嗯？怎么啦' };
      return { text: `就在「${p.placeName}」见吧，七点不见不散`, done: true };
    },
  ),
  checkGoals(input, p) {
    const s = mapsOf(input.init);
    return [
      criteria.that(`asked ${p.friendName} in the chat app`, sentSince(input.init, input.final, p.friendId).length > 0, { expected: 'at least one message sent' }),
      ...requestedRideCriteria(input, { fromId: s.saved.homeId!, toId: p.placeId, cls: 'express' }),
    ];
  },
  expectedChanges: (input, p) => [...BROWSE_CHANGES, ...conversationPaths(input.init, input.final, p.friendId)],
  async oracle(ui, p) {
    await ui.openApp('chat');
    await sendMessage(ui, p.chatId, '今晚在哪家店见面？');
    const reply = ui.findAll({ textIncludes: '不见不散' }).at(-1);
    const name = reply?.text.match(/「(.+?)」/)?.[1];
    if (!name) throw new Error(`${p.friendName} did not name a place`);
    const s = mapsOf(ui.state);
    const place = s.places.find((x) => x.name === name)!;
    await callRideUi(ui, s, placeById(s, s.saved.homeId)!, place, 'express');
  },
});
