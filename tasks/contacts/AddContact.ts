import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { addContactThroughUi, newContactChanges, newContactCriteria, normalizeNumber } from './_helpers.ts';

interface P extends Record<string, unknown> {
  name: string;
  number: string;
  company: string;
}

export default defineTask<P>({
  goal: (p) => `新建联系人：姓名“${p.name}”，手机号码 ${p.number}，公司“${p.company}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['contacts'],
  startApp: 'contacts',
  tags: ['edit'],
  params: {
    name: { type: 'enum', values: ['顾晨阳', '柏舟', '钟意', '聂文涛', '邱小满'] },
    number: { type: 'string', pattern: '1(3[5-9]|5[0-3]|8[6-9])\\d{8}' },
    company: { type: 'enum', values: ['山海咨询', '晴川文化', '北辰物流', '若水设计'] },
  },
  checkGoals: (input, p) =>
    newContactCriteria(input, p.name, (c) => [
      criteria.equals('its numbers', c ? c.phones.map((x) => `${x.label} ${normalizeNumber(x.number)}`) : null, [`手机 ${p.number}`]),
      criteria.equals('its company', c?.company ?? null, p.company),
    ]),
  expectedChanges: newContactChanges,
  async oracle(ui, p) {
    await addContactThroughUi(ui, p.name, p.number, p.company);
  },
});
