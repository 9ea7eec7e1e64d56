import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { nextCallId } from '../../simulator-apps/contacts/logic.ts';
import { contactsOf, newCalls } from '../contacts/_helpers.ts';
import { BROWSE_CHANGES, mapsOf, openPlace, placeById, placeParam, type PlaceParams } from './_helpers.ts';

/** 地点详情 → 电话 → the 电话 app places the call (its log gets one outgoing call to that number). */
export default defineTask<PlaceParams>({
  goal: (p) => `打电话给「${p.placeName}」，问问还有没有位置（用路路通里查到的电话直接拨打）。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['maps', 'contacts'],
  startApp: 'maps',
  tags: ['cross-app', 'call'],
  params: { ...placeParam((x) => x.phone !== '' && ['美食', '酒店', '咖啡'].includes(x.category)) },
  checkGoals(input, p) {
    const number = placeById(mapsOf(input.init), p.placeId)!.phone;
    const calls = newCalls(input.init, input.final);
    const id = nextCallId(contactsOf(input.init));
    return [
      criteria.equals('one new call', calls.length, 1, `apps.contacts.calls[${calls[0]?.id ?? id}]`),
      criteria.equals('to the place’s number, outgoing', calls[0] ? `${calls[0].direction} ${calls[0].number}` : null, `outgoing ${number}`),
    ];
  },
  expectedChanges: () => [...BROWSE_CHANGES, 'apps.contacts.calls[*].duration'],
  async oracle(ui, p) {
    await openPlace(ui, placeById(mapsOf(ui.state), p.placeId)!);
    await ui.tap('maps.place.phone');
    if (ui.route.app !== 'contacts' || !ui.find('call.hangup')) throw new Error(`the call screen did not open (route ${ui.route.app}${ui.route.path})`);
    await ui.tap('call.hangup');
  },
});
