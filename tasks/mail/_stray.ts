/**
 * 邮箱's stray changes for `phonegym verify` (docs/verify.md): small edits no mail task asks for,
 * made through the UI from whatever screen the oracle ended on.
 *
 * 1. The signature (邮箱列表 → 设置 → 签名 → 保存签名): no task reads or sets it.
 * 2. The star of a mail the task's parameters do not mention, in the inbox, flipped.
 */
import type { StrayChange } from '../../bridge/tasks/types.ts';
import type { MailState } from '../../simulator-apps/mail/types.ts';
import { sliceStray, type StrayApp } from '../_shared/stray.ts';
import { openInbox, openMail } from './_helpers.ts';

const MAIL: StrayApp<MailState> = { app: 'mail', has: (s) => Array.isArray(s.mails) && typeof s.settings === 'object' };
const SIGNATURE = '校验用的临时签名';

const signature = sliceStray(MAIL, 'mail.signature', (mail) =>
  mail.settings.signature === SIGNATURE
    ? null
    : {
        path: 'apps.mail.settings.signature',
        description: '邮箱列表 → 设置 → 签名',
        apply(draft) {
          draft.settings.signature = SIGNATURE;
        },
        async run(ui) {
          await openInbox(ui);
          await ui.tap('mail.menu');
          await ui.scrollTo('mail.folders.settings', { within: 'mail.folders.list' });
          await ui.tap('mail.folders.settings');
          await ui.type('mail.settings.signature', SIGNATURE, { clear: true });
          await ui.tap('mail.settings.signature.save');
        },
      },
);

const star = sliceStray(MAIL, 'mail.star', (mail, taken) => {
  const m = mail.mails.find((x) => x.folder === 'inbox' && x.read && !taken.has(x.id) && !taken.has(x.subject) && !taken.has(x.from.name) && !taken.has(x.from.address));
  if (!m) return null;
  const id = m.id;
  const on = !m.starred;
  return {
    path: `apps.mail.mails[${id}].starred`,
    description: `收件箱 → “${m.subject}” → ${on ? '星标' : '取消星标'}`,
    apply(draft) {
      draft.mails.find((x) => x.id === id)!.starred = on;
    },
    async run(ui) {
      await openMail(ui, id, 'inbox');
      await ui.tap('mail.detail.star');
    },
  };
});

export const strays: StrayChange[] = [signature, star];
