import { defineTask } from '../../bridge/tasks/api.ts';
import { contactById, contactParam, openContact } from './_helpers.ts';

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
    ...contactParam((c) => c.region !== ''),
  },
  answer: {
    fields: [{ id: 'region', label: '地区', hint: '如：四川 成都', type: 'text' }],
    // "四川 成都" or just the city "成都" both name the region.
    expected: (p, input) => {
      const region = contactById(input.init, p.contactId).region;
      return { region: [region, region.split(' ').at(-1) ?? region] };
    },
  },
  async oracle(ui, p) {
    await openContact(ui, p.contactId);
    const region = contactById(ui.state, p.contactId).region;
    if (!ui.find({ textIncludes: region })) throw new Error(`region ${region} not shown on the contact page`);
    return region;
  },
});
