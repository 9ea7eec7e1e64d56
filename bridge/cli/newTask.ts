/**
 * `phonegym new-task <suite>/<TaskName>`: writes a commented starting file that loads, type-checks
 * and explains every part of a task; the author fills in the goal and the oracle.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { REPO_ROOT, TASKS_ROOT } from '../paths.ts';
import { parseFlags } from './flags.ts';

const FLAGS = { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export function taskTemplate(name: string, importFrom: string): string {
  return `/**
 * ${name}: say in one sentence what this task checks and why it is interesting.
 * Run it:   npx phonegym run --task-id <suite>.${name} --agent oracle   (must pass)
 *           npx phonegym run --task-id <suite>.${name} --agent noop     (must fail)
 * Guide:    docs/tasks.md
 */
import { defineTask } from '${importFrom}/bridge/tasks/api.ts';

interface P extends Record<string, unknown> {
  chatId: string;
  contactName: string;
}

export default defineTask<P>({
  // What the agent is told, in the language of the apps; parameters fill it in.
  goal: (p) => \`把和“\${p.contactName}”的聊天设为消息免打扰。\`,
  difficulty: 'L1', // L1-L4: the default step budget is 15/30/45/60
  objective: 'action', // 'action' changes the phone; 'query' answers a question (declare \`answer\`)
  apps: ['chat'],
  startApp: 'chat', // where the phone starts ('home' by default)
  tags: [],

  // Parameters are drawn per instance from the seeded state (docs/tasks.md, "Parameters").
  params: {
    _chat: {
      sampler: (state, rng) => {
        const s = state.apps.chat as unknown as { chats: { id: string; contactId: string }[]; contacts: { id: string; name: string; remark: string }[] };
        const chat = rng.pick(s.chats);
        const contact = s.contacts.find((c) => c.id === chat.contactId)!;
        return { chatId: chat.id, contactName: contact.remark || contact.name };
      },
      fields: { chatId: 'chatId', contactName: 'contactName' },
    },
  },

  // Move the state away from the goal, so doing nothing cannot pass.
  postSample({ state, p }) {
    const chat = (state.apps.chat as unknown as { chats: { id: string; muted: boolean }[] }).chats.find((c) => c.id === p.chatId)!;
    chat.muted = false;
  },

  // The goal: each path must hold this value at the end; these paths are the expected changes.
  criteria: (p) => ({ [\`apps.chat.chats[\${p.chatId}].muted\`]: true }),

  // Anything else the task legitimately changes (opening a chat marks it read).
  expectedChanges: (_input, p) => [\`apps.chat.chats[\${p.chatId}].unread\`],

  // The proof that it can be done through the UI: taps and typing only, found by data-ui keys.
  async oracle(ui, p) {
    if (ui.route.app !== 'chat') await ui.openApp('chat');
    await ui.scrollTo(\`chat.item.\${p.chatId}\`);
    await ui.tap(\`chat.item.\${p.chatId}\`);
    await ui.tap('chat.more');
    await ui.tap('chat.settings.mute');
  },
});
`;
}

export async function cmdNewTask(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlagsWithTarget(argv);
  if (values.help || positionals.length === 0) {
    console.log('phonegym new-task <suite>/<TaskName> [--root DIR]   write a commented starting file for a task');
    return values.help ? 0 : 2;
  }
  const m = /^([a-z][a-z0-9_-]*)\/([A-Z][A-Za-z0-9]*)$/.exec(positionals[0]);
  if (!m) throw new UsageError(`"${positionals[0]}" is not <suite>/<TaskName>: the suite in lower case, the task name in PascalCase (e.g. chat/MuteNoisyChat)`);
  const root = values.root ?? TASKS_ROOT;
  const file = join(root, m[1], `${m[2]}.ts`);
  if (existsSync(file)) throw new UsageError(`${relative(process.cwd(), file)} already exists; pick another name or edit it`);
  mkdirSync(dirname(file), { recursive: true });
  const importFrom = relative(dirname(file), REPO_ROOT).replaceAll('\\', '/') || '.';
  writeFileSync(file, taskTemplate(m[2], importFrom));
  console.log(`wrote ${relative(process.cwd(), file)}\nnext: edit the goal, criteria and oracle, then  npx phonegym run --task-id ${m[1]}.${m[2]} --agent oracle`);
  return 0;
}

/** `new-task` takes one positional target beside its flags. */
function parseFlagsWithTarget(argv: string[]) {
  const positionals: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--root') flags.push(a, argv[++i] ?? '');
    else if (a.startsWith('-')) flags.push(a);
    else positionals.push(a);
  }
  if (positionals.length > 1) throw new UsageError(`new-task takes one <suite>/<TaskName>, got ${positionals.length}: ${positionals.join(' ')}`);
  const { values } = parseFlags('new-task', flags, FLAGS);
  return { values, positionals };
}
