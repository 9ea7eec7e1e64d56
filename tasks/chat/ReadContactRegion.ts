import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { answerContains } from '../../bridge/judge/answers.ts';
import { contactById, openContact, pickContact } from './_helpers.ts';

interface P extends Record<string, unknown> {
  contactId: string;
  contactName: string;
}

export default defineTask<P>({
  goal: (p) => `查看联系人“${p.contactName}”的资料，回答他/她的地区是哪里。`,
  difficulty: 'L2',
  objective: 'query',
  apps: ['chat'],
  startApp: 'chat',
  tags: ['contacts'],
  params: {
    _contact: { sampler: (state, rng) => pickContact(state, rng, (c) => c.region !== ''), fields: { contactId: 'contactId', contactName: 'contactName' } },
  },
  checkGoals(input, p) {
    const region = contactById(input.init, p.contactId).region;
    return [criteria.that('answer names the region', answerContains(input.answer, region), { expected: region, actual: input.answer })];
  },
  async oracle(ui, p) {
    await openContact(ui, p.contactId);
    const region = contactById(ui.state, p.contactId).region;
    if (!ui.find({ textIncludes: region })) throw new Error(`region ${region} not shown on the contact page`);
    return region;
  },
});
