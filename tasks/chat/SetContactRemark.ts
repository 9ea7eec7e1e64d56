import { defineTask } from '../../bridge/tasks/api.ts';
import { contactById, contactParam, setRemark } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
  remark: string;
}

export default defineTask<P>({
  goal: (p) => `把联系人“${p.contactName}”的备注设置为“${p.remark}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['contacts'],
  params: {
    ...contactParam((c) => c.remark === ''),
    remark: { type: 'enum', values: ['羽毛球搭子', '老同学', '房东', '设计部同事', '健身教练'] },
  },
  postSample({ state, p }) {
    contactById(state, p.contactId).remark = '';
  },
  criteria: (p) => ({ [`apps.chat.contacts[${p.contactId}].remark`]: p.remark }),
  async oracle(ui, p) {
    await setRemark(ui, p.contactId, p.remark);
  },
});
