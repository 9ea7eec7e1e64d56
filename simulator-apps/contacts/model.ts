/**
 * The contacts app's actions: each one applies a pure rule from ./logic.ts to the phone's state
 * through `phone.update` (which bumps the revision) and navigates where a user would land.
 * Screens call these; they never write the state themselves.
 *
 * Transient UI memory (each tab's back stack, unsaved edit forms, the dialler's digits) lives
 * here, outside the state tree, per phone and epoch: a reset forgets it.
 */
import { AppModel, DraftMemory, TabStacks, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import { CONTACTS_ROOT, tabOf, type ContactsTab } from './routes.ts';
import type { ContactsState } from './types.ts';

export const CONTACTS_APP_ID = 'contacts';

interface Memory {
  tabs: TabStacks<ContactsTab>;
  drafts: DraftMemory<rules.ContactDraft>;
  dialed: string;
  logFilter: 'all' | 'missed';
}

const memoryOf = perEpoch<Memory>('contacts', () => ({ tabs: new TabStacks(), drafts: new DraftMemory(), dialed: '', logFilter: 'all' }));

export class ContactsModel extends AppModel<ContactsState> {
  constructor(phone: Phone) {
    super(phone, CONTACTS_APP_ID);
  }

  get #memory(): Memory {
    return memoryOf(this.phone);
  }

  #stack(): string[] {
    return [...(this.phone.nav.stacks[CONTACTS_APP_ID] ?? [CONTACTS_ROOT])];
  }

  // --- navigation ------------------------------------------------------------------------------

  /** Bottom tabs: each tab keeps its own stack (an edit form survives a look at the call log). Tapping the tab in front goes to its root. */
  switchTab(tab: ContactsTab): void {
    const stack = this.#stack();
    const current = tabOf(stack[0] ?? CONTACTS_ROOT);
    if (tab === current) {
      if (stack.length > 1) this.phone.setStack([tab]);
    } else {
      this.#memory.tabs.switchTo(this.phone, current, stack, tab);
    }
    if (tab === '/log') this.markMissedSeen();
  }

  /** Whether a path is still somewhere a user can come back to (the stack in front, or a tab's saved stack). */
  isReachable(path: string): boolean {
    return this.#memory.tabs.isReachable(this.#stack(), path);
  }

  // --- transient memory --------------------------------------------------------------------------

  /** Unsaved contact forms, by contact id (or `new`). */
  get drafts(): DraftMemory<rules.ContactDraft> {
    return this.#memory.drafts;
  }

  get dialed(): string {
    return this.#memory.dialed;
  }

  set dialed(v: string) {
    this.#memory.dialed = v;
  }

  get logFilter(): 'all' | 'missed' {
    return this.#memory.logFilter;
  }

  set logFilter(v: 'all' | 'missed') {
    this.#memory.logFilter = v;
  }

  // --- state changes -----------------------------------------------------------------------------

  markMissedSeen(): void {
    const d = this.data;
    if (d && rules.unseenMissed(d as ContactsState) > 0) {
      const now = this.phone.now;
      this.mutate((s) => rules.markMissedSeen(s, now));
    }
  }

  /** Saves the form; returns the error to show, or null (and the contact's id through `onSaved`). */
  saveContact(contactId: string | null, draft: rules.ContactDraft): { error: string } | { id: string } {
    const error = rules.draftError(draft);
    if (error) return { error };
    if (contactId) {
      this.mutate((s) => rules.updateContact(s, contactId, draft));
      return { id: contactId };
    }
    return { id: this.mutate((s) => rules.addContact(s, draft).id) };
  }

  deleteContact(contactId: string): void {
    this.mutate((s) => rules.deleteContact(s, contactId));
  }

  setFavorite(contactId: string, favorite: boolean): void {
    this.mutate((s) => rules.setFavorite(s, contactId, favorite));
  }

  addToGroup(groupId: string, contactId: string): void {
    this.mutate((s) => rules.addToGroup(s, groupId, contactId));
  }

  removeFromGroup(groupId: string, contactId: string): void {
    this.mutate((s) => rules.removeFromGroup(s, groupId, contactId));
  }

  /** Places a call: recorded at once (duration 0), then the in-call screen. */
  call(number: string): void {
    if (rules.normalizeNumber(number) === '') return;
    const now = this.phone.now;
    const entry = this.mutate((s) => rules.placeCall(s, number, now));
    this.phone.push(`/call/${entry.id}`);
  }

  /** 挂断: the call's duration becomes the virtual time since it was placed; back to where the call started. */
  hangUp(callId: string): void {
    const now = this.phone.now;
    this.mutate((s) => rules.endCall(s, callId, now));
    this.phone.back();
  }

  /** 发信息: opens the 轻聊 chat with the person of the same name, when there is one. */
  message(name: string): boolean {
    interface ChatLike { contacts: { id: string; name: string; remark: string }[]; chats: { id: string; contactId: string }[] }
    const chat = this.phone.app<ChatLike>('chat');
    const contact = chat?.contacts.find((c) => c.remark === name) ?? chat?.contacts.find((c) => c.remark === '' && c.name === name);
    if (!chat || !contact) return false;
    const existing = chat.chats.find((c) => c.contactId === contact.id);
    this.phone.openApp('chat');
    this.phone.setStack(existing ? ['/chats', `/chat/${existing.id}`] : ['/contacts', `/contact/${contact.id}`, `/chat/with/${contact.id}`]);
    return true;
  }
}
