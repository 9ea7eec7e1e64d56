/**
 * 邮箱's actions: each applies a pure rule from ./logic.ts through `phone.update`; a refused one
 * never calls it and returns the reason for the screen's toast. Cross-app plumbing lives here too:
 * recipients suggested from 电话's contacts, a meeting added to 日历 (its own `addEvent`), a call
 * to a sender placed in 电话 (its own `placeCall`) and a mail shared to 轻聊 (`shareToChat`).
 *
 * Transient UI memory, per phone and epoch (a reset forgets it): the compose forms not closed yet
 * (with the text typed in the address fields) and which mails of a conversation are unfolded.
 */
import { AppModel, DraftMemory, perEpoch } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import { addEvent } from '../calendar/logic.ts';
import type { CalendarState } from '../calendar/types.ts';
import { placeCall } from '../contacts/logic.ts';
import { contactsRouteStack } from '../contacts/routes.ts';
import type { ContactsState, Person } from '../contacts/types.ts';
import { shareTargets, shareToChat, type ShareTarget } from '../chat/share.ts';
import type { ChatState } from '../chat/types.ts';
import { photoById, PHOTOS_APP_ID } from '../photos/logic.ts';
import type { Photo, PhotosState } from '../photos/types.ts';
import * as rules from './logic.ts';
import type { Address, Attachment, Mail, MailState } from './types.ts';

/** An open compose form: the draft and what is typed but not yet a recipient. */
export interface ComposeForm {
  draft: rules.ComposeDraft;
  toText: string;
  ccText: string;
}

interface Memory {
  forms: DraftMemory<ComposeForm>;
  /** Mail ids unfolded in a conversation view. */
  unfolded: Map<string, boolean>;
}

const memoryOf = perEpoch<Memory>('mail', () => ({ forms: new DraftMemory(), unfolded: new Map() }));

export class MailModel extends AppModel<MailState> {
  constructor(phone: Phone) {
    super(phone, rules.MAIL_APP_ID);
  }

  get state(): MailState {
    return this.data as unknown as MailState;
  }

  get forms(): DraftMemory<ComposeForm> {
    return memoryOf(this.phone).forms;
  }

  get unfolded(): Map<string, boolean> {
    return memoryOf(this.phone).unfolded;
  }

  mail(id: string): Mail | undefined {
    return rules.findMail(this.state, id);
  }

  /** Opening a mail reads it. */
  open(id: string): void {
    const m = this.mail(id);
    if (m && !m.read) this.mutate((s) => rules.setRead(s, id, true));
  }

  setRead(id: string, read: boolean): void {
    this.mutate((s) => rules.setRead(s, id, read));
  }

  setStarred(id: string, starred: boolean): void {
    this.mutate((s) => rules.setStarred(s, id, starred));
  }

  move(id: string, folder: string): void {
    this.mutate((s) => rules.moveMail(s, id, folder));
    this.phone.toast(`已移动到${rules.folderName(this.state, folder)}`);
  }

  /** 删除 (in 已删除: 彻底删除, after asking). */
  async remove(id: string): Promise<boolean> {
    const m = this.mail(id);
    if (!m) return false;
    if (m.folder === 'trash') {
      const ok = await this.phone.confirm({ title: '彻底删除', message: '彻底删除后将无法恢复，确定删除这封邮件吗？', confirmText: '删除', cancelText: '取消', danger: true });
      if (!ok) return false;
    }
    const how = this.mutate((s) => rules.deleteMail(s, id));
    this.phone.toast(how === 'erased' ? '已彻底删除' : '已删除');
    return true;
  }

  restore(id: string): void {
    const back = this.mutate((s) => rules.restoreMail(s, id));
    this.phone.toast(`已恢复到${rules.folderName(this.state, back)}`);
  }

  async empty(folder: 'trash' | 'spam'): Promise<void> {
    if (rules.mailsIn(this.state, folder).length === 0) return;
    const ok = await this.phone.confirm({ title: `清空${rules.FOLDER_NAMES[folder]}`, message: '清空后邮件将无法恢复，确定清空吗？', confirmText: '清空', cancelText: '取消', danger: true });
    if (!ok) return;
    const n = this.mutate((s) => rules.emptyFolder(s, folder));
    this.phone.toast(`已清空 ${n} 封邮件`);
  }

  createFolder(name: string): { ok: true; id: string } | { ok: false; reason: string } {
    const problem = rules.folderNameProblem(this.state, name);
    if (problem) return { ok: false, reason: problem };
    return { ok: true, id: this.mutate((s) => rules.createFolder(s, name)) };
  }

  setSignature(text: string): void {
    this.mutate((s) => rules.setSignature(s, text));
  }

  setConversationView(on: boolean): void {
    this.mutate((s) => rules.setConversationView(s, on));
  }

  // --- compose --------------------------------------------------------------------------------

  /** People compose suggests: 电话's contacts with a mail address, then everyone who wrote to me. */
  addressBook(): Address[] {
    const out: Address[] = [];
    const seen = new Set<string>([this.state.account.address.toLowerCase()]);
    const add = (a: Address) => {
      const k = a.address.toLowerCase();
      if (!seen.has(k) && rules.isAddress(a.address)) {
        seen.add(k);
        out.push({ name: a.name, address: a.address });
      }
    };
    const contacts = this.phone.app<ContactsState>('contacts');
    for (const p of contacts?.contacts ?? []) if (p.email) add({ name: p.name, address: p.email });
    for (const m of this.state.mails) add(m.from);
    return out;
  }

  /** Suggestions for what is typed in an address field (name, pinyin-free address match). */
  suggest(text: string, taken: readonly Address[]): Address[] {
    const q = text.trim().toLowerCase();
    if (q === '') return [];
    return this.addressBook()
      .filter((a) => !taken.some((t) => t.address.toLowerCase() === a.address.toLowerCase()))
      .filter((a) => a.name.toLowerCase().includes(q) || a.address.toLowerCase().includes(q))
      .slice(0, 6);
  }

  /** The open form for a compose screen, or a fresh one. */
  form(key: string, start: () => rules.ComposeDraft): ComposeForm {
    return this.forms.getOr(key, { draft: start(), toText: '', ccText: '' });
  }

  /** Leaving compose: a form with content is kept in 草稿箱 (its draft's own record when it has one). */
  leaveCompose(key: string, form: ComposeForm, opened: rules.ComposeDraft): void {
    this.forms.drop(key);
    const d = this.withTyped(form);
    const changed = JSON.stringify(d) !== JSON.stringify(opened);
    if (!changed || !rules.hasContent(d, this.state)) return;
    const now = this.phone.now;
    this.mutate((s) => rules.saveDraft(s, d, now));
    this.phone.toast('已保存到草稿箱');
  }

  /** 发送: the form (with any full address still typed in a field) goes out; the reason when refused. */
  send(key: string, form: ComposeForm): string | null {
    const d = this.withTyped(form);
    const problem = rules.sendProblem(d) ?? (form.toText.trim() && !rules.isAddress(form.toText) ? `收件人地址有误：${form.toText.trim()}` : null);
    if (problem) return problem;
    const now = this.phone.now;
    this.mutate((s) => rules.sendMail(s, d, now));
    this.forms.drop(key);
    this.phone.toast('邮件已发送');
    return null;
  }

  /** A full address left typed in a field counts as a recipient. */
  private withTyped(form: ComposeForm): rules.ComposeDraft {
    const d = JSON.parse(JSON.stringify(form.draft)) as rules.ComposeDraft;
    if (rules.isAddress(form.toText)) d.to.push({ name: '', address: form.toText.trim() });
    if (rules.isAddress(form.ccText)) d.cc.push({ name: '', address: form.ccText.trim() });
    return d;
  }

  // --- other apps ----------------------------------------------------------------------------

  /** The photo of 相册 an attachment points at, when it is one and 相册 still has it. */
  photoOf(a: Attachment): Photo | undefined {
    const id = rules.photoIdOf(a);
    const photos = this.phone.app<PhotosState>(PHOTOS_APP_ID) as unknown as PhotosState | undefined;
    return id && photos ? photoById(photos, id) : undefined;
  }

  /** 从相册选择: the picked photos as attachments, in the order picked (ids 相册 does not have are skipped). */
  photoAttachments(photoIds: readonly string[]): Attachment[] {
    const photos = this.phone.app<PhotosState>(PHOTOS_APP_ID) as unknown as PhotosState | undefined;
    if (!photos) return [];
    return photoIds.flatMap((id) => {
      const p = photoById(photos, id);
      return p ? [rules.photoAttachment(p, this.phone.timezone)] : [];
    });
  }


  /** The 电话 contact with this address (or, failing that, this exact name) who has a number. */
  contactFor(a: Address): Person | undefined {
    const people = this.phone.app<ContactsState>('contacts')?.contacts ?? [];
    return (people.find((p) => p.email && p.email.toLowerCase() === a.address.toLowerCase()) ?? people.find((p) => a.name !== '' && p.name === a.name)) as Person | undefined;
  }

  /** 拨打电话: the call is placed in 电话 and its in-call screen shown. */
  call(number: string): void {
    const now = this.phone.now;
    const entry = this.phone.update((state) => placeCall(state.apps.contacts as unknown as ContactsState, number, now));
    this.phone.openApp('contacts');
    this.phone.setStack(contactsRouteStack(`/call/${entry.id}`));
  }

  /** Whether the meeting is already an event of 日历 (same title, day and start). */
  inCalendar(m: Mail): boolean {
    const cal = this.phone.app<CalendarState>('calendar');
    const e = m.meeting;
    return !!e && !!cal?.events.some((x) => x.title === e.title && x.startDate === e.date && x.startTime === e.start);
  }

  /** 添加到日历: an event of the work calendar from the mail's meeting. */
  addToCalendar(id: string): void {
    const m = this.mail(id);
    const e = m?.meeting;
    if (!m || !e || !this.phone.app('calendar')) return;
    if (this.inCalendar(m)) {
      this.phone.toast('日历中已有这个日程');
      return;
    }
    this.phone.update((state) =>
      addEvent(state.apps.calendar as unknown as CalendarState, { title: e.title, allDay: false, startDate: e.date, startTime: e.start, endDate: e.date, endTime: e.end, repeat: 'none', reminder: 15, calendar: 'work', place: e.place, notes: `来自邮件：${m.subject}` }),
    );
    this.phone.toast('已添加到日历');
  }

  shareTargets(): ShareTarget[] {
    const chat = this.phone.app<ChatState>('chat');
    return chat ? shareTargets(chat as ChatState) : [];
  }

  shareToChat(id: string, chatId: string): boolean {
    const m = this.mail(id);
    if (!m || !this.shareTargets().some((t) => t.chatId === chatId)) return false;
    const now = this.phone.now;
    this.phone.update((state) => {
      shareToChat(state.apps.chat as unknown as ChatState, { chatId, card: { app: rules.MAIL_APP_ID, title: m.subject || '(无主题)', subtitle: `${rules.displayOf(m.from)}的邮件`, ref: `/mail/${m.id}` }, now });
    });
    return true;
  }
}
