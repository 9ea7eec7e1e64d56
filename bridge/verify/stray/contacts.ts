/**
 * The contacts app's stray change: 收藏 on a contact the task does not mention (the last one in
 * the book that is not a favourite), through search and the contact page.
 */
import type { PhoneState } from '../../protocol/state.ts';
import type { OracleUi } from '../../tasks/api.ts';
import type { StrayChange } from '../strayChanges.ts';
import type { ContactsState } from '../../../simulator-apps/contacts/types.ts';

function contactsOf(state: PhoneState): ContactsState | null {
  const c = state.apps?.contacts as unknown as ContactsState | undefined;
  return c && Array.isArray(c.contacts) ? c : null;
}

function mentioned(params: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(params);
  return out;
}

/** To the 联系人 tab from anywhere. */
async function toContactList(ui: OracleUi): Promise<void> {
  for (let i = 0; i < 16; i++) {
    const overlay = ui.tree.some((n) => n.role === 'dialog' || n.role === 'alertdialog' || n.role === 'menu');
    if (overlay) await ui.back();
    else if (ui.route.app !== 'contacts') await ui.openApp('contacts');
    else if (!['/dial', '/log', '/contacts', '/favorites'].includes(ui.route.path)) await ui.back();
    else {
      if (ui.route.path !== '/contacts') await ui.tap('tab.contacts');
      return;
    }
  }
  throw new Error(`stray change: could not get back to the contact list (route ${ui.route.app}${ui.route.path})`);
}

/** 电话 → 联系人 → search → the contact → 收藏. Writes `apps.contacts.contacts[<id>].favorite`. */
export const contactsFavorite: StrayChange = {
  id: 'contacts.favorite',
  app: 'contacts',
  plan(state, params) {
    const book = contactsOf(state);
    if (!book) return null;
    const taken = mentioned(params);
    const person = [...book.contacts].reverse().find((c) => !c.favorite && !taken.has(c.id) && !taken.has(c.name) && book.contacts.filter((x) => x.name === c.name).length === 1);
    if (!person) return null;
    const { id, name } = person;
    return {
      path: `apps.contacts.contacts[${id}].favorite`,
      description: `电话 → 联系人 → ${name} → 收藏`,
      apply(draft) {
        contactsOf(draft)!.contacts.find((c) => c.id === id)!.favorite = true;
      },
      async run(ui) {
        await toContactList(ui);
        await ui.type('contacts.search', name, { clear: true });
        await ui.tap(`contact.item.${id}`);
        await ui.tap('contact.favorite');
      },
    };
  },
};

export const contactsStray: StrayChange[] = [contactsFavorite];
