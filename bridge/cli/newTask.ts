/**
 * `phonegym new-task <suite>/<TaskName>`: writes a starting file that loads, type-checks, passes
 * with the oracle and fails with noop. For a built-in suite it starts from one of that suite's own
 * tasks (the shortest single action task: its helpers, its app), for a new suite from a commented
 * chat task that explains every part. Outside an ES module package it also writes the
 * package.json that makes Node read task files as modules.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../protocol/errors.ts';
import { REPO_ROOT, TASKS_ROOT } from '../paths.ts';
import { modulePackageOf } from '../tasks/registry.ts';
import { parseFlags } from './flags.ts';

const FLAGS = { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** The comment every starting file opens with: what to do next, with the task's own id. */
function header(suite: string, name: string, origin: string, rootFlag = ''): string {
  return `/**
 * ${name}: say in one sentence what this task checks and why it is interesting.
 * ${origin}
 * Run it:   npx phonegym run --task-id ${suite}.${name}${rootFlag} --agent oracle   (must pass)
 *           npx phonegym run --task-id ${suite}.${name}${rootFlag} --agent noop     (must fail)
 * Prove it: npx phonegym verify --task-id ${suite}.${name}${rootFlag} --sample-seed 1,2,3
 * Guide:    docs/tasks.md
 */`;
}

export function taskTemplate(suite: string, name: string, importFrom: string, rootFlag = ''): string {
  return `${header(suite, name, `A new suite: this starting file drives the chat app (轻聊); point apps, startApp, the criteria and the oracle at your app.`, rootFlag)}
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

/**
 * The task of a built-in suite a new one starts from: the shortest file that defines one action
 * task (verified like every built-in task), or null for a suite the repository does not have.
 */
export function exemplarOf(suite: string): string | null {
  const dir = join(TASKS_ROOT, suite);
  if (!existsSync(dir)) return null;
  const candidates = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
    .map((f) => ({ file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }))
    .filter(({ text }) => text.split('defineTask').length === 3 && /objective: 'action'/.test(text) && /export default defineTask/.test(text))
    .sort((a, b) => a.text.length - b.text.length || a.file.localeCompare(b.file));
  return candidates[0]?.file ?? null;
}

/** `text` (a task file at `from`) as a file at `to`: its relative imports pointed at the same modules. */
function movedImports(text: string, from: string, to: string): string {
  return text.replace(/(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (_m, lead: string, q: string, spec: string) => {
    let rel = relative(dirname(to), resolve(dirname(from), spec)).replaceAll('\\', '/');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${q}${rel}${q}`;
  });
}

export async function cmdNewTask(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlagsWithTarget(argv);
  if (values.help || positionals.length === 0) {
    console.log('phonegym new-task <suite>/<TaskName> [--root DIR]   write a starting file for a task (from one of the suite\'s own tasks, or a commented chat task for a new suite)');
    return values.help ? 0 : 2;
  }
  const m = /^([a-z][a-z0-9_-]*)\/([A-Z][A-Za-z0-9]*)$/.exec(positionals[0]);
  if (!m) throw new UsageError(`"${positionals[0]}" is not <suite>/<TaskName>: the suite in lower case, the task name in PascalCase (e.g. chat/MuteNoisyChat)`);
  const [, suite, name] = m as unknown as [string, string, string];
  const root = resolve(values.root ?? TASKS_ROOT);
  const file = join(root, suite, `${name}.ts`);
  if (existsSync(file)) throw new UsageError(`${relative(process.cwd(), file)} already exists; pick another name or edit it`);
  // Task files are ES modules: a root outside any package gets one that says so.
  const pkg = modulePackageOf(root);
  if (pkg.type === 'other' || pkg.type === 'invalid') throw new UsageError(`--root ${values.root}: ${pkg.file} ${pkg.type === 'invalid' ? 'is not valid JSON' : 'does not say "type": "module"'}, and task files are ES modules; add "type": "module" there, or choose a root outside that package`);
  mkdirSync(dirname(file), { recursive: true });
  const wrote: string[] = [];
  if (pkg.type === 'none') {
    writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'phonegym-tasks', private: true, type: 'module' }, null, 2)}\n`);
    wrote.push(`${relative(process.cwd(), join(root, 'package.json'))} (task files are ES modules)`);
  }
  const rootFlag = values.root ? ` --tasks-root ${values.root}` : '';
  const exemplar = exemplarOf(suite);
  const text = exemplar
    ? `${header(suite, name, `Started from ${suite}.${exemplar.slice(exemplar.lastIndexOf('/') + 1, -3)}, one of the suite's own tasks: change its goal, parameters, criteria and oracle.`, rootFlag)}\n${movedImports(readFileSync(exemplar, 'utf8'), exemplar, file)}`
    : taskTemplate(suite, name, relative(dirname(file), REPO_ROOT).replaceAll('\\', '/') || '.', rootFlag);
  writeFileSync(file, text);
  wrote.unshift(relative(process.cwd(), file));
  console.log(`wrote ${wrote.join('\nwrote ')}\nnext: edit the goal, criteria and oracle, then  npx phonegym run --task-id ${suite}.${name} --agent oracle${rootFlag}`);
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
