/**
 * The contacts app's stray change for `phonegym verify` (docs/verify.md): 收藏 on a contact the task
 * does not mention (the last one in the book that is not a favourite), through search and the
 * contact page.
 */
import type { OracleUi, StrayChange } from '../../bridge/tasks/types.ts';
import type { ContactsState } from '../../simulator-apps/contacts/types.ts';
import { overlaid, sliceStray, type StrayApp, walkBack } from '../_shared/stray.ts';

const TABS = ['/dial', '/log', '/contacts', '/favorites'];

const CONTACTS: StrayApp<ContactsState> = { app: 'contacts', has: (c) => Array.isArray(c.contacts) };

/** To the 联系人 tab from anywhere. */
async function toContactList(ui: OracleUi): Promise<void> {
  await walkBack(ui, 'contacts', 'the contact list', () => {
    if (overlaid(ui, ['dialog', 'alertdialog', 'menu'])) return 'back';
    if (ui.route.app !== 'contacts') return 'open';
    return TABS.includes(ui.route.path) ? null : 'back';
  });
  if (ui.route.path !== '/contacts') await ui.tap('tab.contacts');
}

/** 电话 → 联系人 → search → the contact → 收藏. Writes `apps.contacts.contacts[<id>].favorite`. */
const favorite = sliceStray(CONTACTS, 'contacts.favorite', (book, taken) => {
  const person = [...book.contacts].reverse().find((c) => !c.favorite && !taken.has(c.id) && !taken.has(c.name) && book.contacts.filter((x) => x.name === c.name).length === 1);
  if (!person) return null;
  const { id, name } = person;
  return {
    path: `apps.contacts.contacts[${id}].favorite`,
    description: `电话 → 联系人 → ${name} → 收藏`,
    apply(draft) {
      draft.contacts.find((c) => c.id === id)!.favorite = true;
    },
    async run(ui) {
      await toContactList(ui);
      await ui.type('contacts.search', name, { clear: true });
      await ui.tap(`contact.item.${id}`);
      await ui.tap('contact.favorite');
    },
  };
});

export const strays: StrayChange[] = [favorite];
