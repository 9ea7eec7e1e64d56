/**
 * Hot reload in the studio's Author mode, against a real run on a task root of its own
 * (`--tasks-root`): the list follows the files on disk without ↻, a task whose file does not
 * load is listed as broken with its file and line and cannot be set up, and the task set up on
 * the interactive phone is set up again, with its seed, when its file or a module it imports
 * changes.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN_PATH as CLI, REPO_ROOT } from '../../bridge/paths.ts';
import { prepareInstance } from '../../bridge/runner/setup.ts';
import { loadRegistry } from '../../bridge/tasks/registry.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** demo.PinTheChat: chat.PinChat with its goal text from a helper module beside it. */
const task = (comma = ',') => `import pin from '${join(REPO_ROOT, 'tasks/chat/PinChat.ts')}';
import { defineTask } from '${join(REPO_ROOT, 'bridge/tasks/api.ts')}';
import { goalOf } from './_goal.ts';

export default defineTask({
  ...pin${comma}
  goal: goalOf,
});
`;
const goal = (version: string) => `export const goalOf = (p: { contactName?: unknown }): string => \`Pin the chat with \${String(p.contactName)} (${version})\`;\n`;

function taskRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'phonegym-reload-'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(root, 'demo'));
  writeFileSync(join(root, 'demo', '_goal.ts'), goal('v1'));
  writeFileSync(join(root, 'demo', 'PinTheChat.ts'), task());
  return root;
}

/**
 * `phonegym run --studio --keep-open` as a user starts it, in a process of its own: tsx loads the
 * task files there, as it does for users (this worker's TypeScript loader keeps the first
 * compilation of a file whatever is saved later).
 */
function startRun(tasksRoot: string) {
  const runDir = join(mkdtempSync(join(tmpdir(), 'phonegym-reload-run-')), 'run');
  const args = ['run', '--tasks-root', tasksRoot, '--task-id', 'demo.PinTheChat', '--agent', 'oracle', '--studio', '--keep-open', '--studio-wait', '30', '--pace', '0', '--sample-seed', '5', '--run-dir', runDir];
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let studioUrl = '';
  let output = '';
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    studioUrl ||= /studio: (http\S+)/.exec(output)?.[1] ?? '';
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: () => studioUrl, output: () => output, stop: () => (child.kill('SIGINT'), exited), kill: () => child.kill() };
}

let running: ReturnType<typeof startRun> | null = null;
test.afterEach(() => running?.kill());

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('author mode follows the task files: live list, broken tasks with file and line, set up again with the same seed', async ({ page }) => {
  test.setTimeout(180_000);
  const root = taskRoot();
  const file = join(root, 'demo', 'PinTheChat.ts');
  const run = (running = startRun(root));
  await expect.poll(run.url, { timeout: 60_000 }).toMatch(/studio\.html/);
  await page.goto(run.url());
  await page.getByRole('radio', { name: 'Author' }).or(page.getByRole('button', { name: 'Author' })).first().click();

  const item = page.locator('[data-task="demo.PinTheChat"]');
  await expect(item).toContainText('Pin the chat with ‹contactName› (v1)');
  await item.click();
  await page.getByPlaceholder(/default|seed/i).first().fill('7');
  await page.getByRole('button', { name: /^Set up/ }).click();
  const { params } = prepareInstance((await loadRegistry()).tasks.find((t) => t.id === 'chat.PinChat')!, 7);
  const cardGoal = page.locator('header.card p.goal');
  await expect(cardGoal).toHaveText(`Pin the chat with ${String(params.contactName)} (v1)`, { timeout: 30_000 });
  const setupState = page.locator('p.state');
  await expect(setupState).toContainText('Phone set up for demo.PinTheChat · seed 7');

  // Open the conversation and judge, so that setting the task up again visibly resets both.
  const phone = page.frameLocator('iframe');
  const inConversation = phone.locator('[data-ui="chat.more"]');
  await phone.locator(`[data-ui="chat.item.${String(params.chatId)}"]`).click();
  await expect(inConversation).toBeVisible();
  await page.getByRole('button', { name: 'Judge' }).click();
  await expect(page.getByText('FAILED').first()).toBeVisible({ timeout: 30_000 });

  // An edit of the module the task imports: the list and the task set up follow, no ↻ pressed.
  writeFileSync(join(root, 'demo', '_goal.ts'), goal('v2'));
  await expect(item).toContainText('Pin the chat with ‹contactName› (v2)');
  const note = page.locator('p.state [role="status"]');
  await expect(note).toHaveText('↻ The task file changed: set up again with seed 7.');
  await expect(cardGoal).toHaveText(`Pin the chat with ${String(params.contactName)} (v2)`);
  await expect(setupState).toContainText('seed 7');
  // Set up again: the phone is back on the task's first screen, and the old verdict is gone.
  await expect(inConversation).toBeHidden();
  await expect(page.getByText('FAILED')).toHaveCount(0);
  await shot(page, 'reload-set-up-again');

  // A syntax error: listed, marked broken, with the file and line; it cannot be set up.
  writeFileSync(file, task(''));
  await expect(item).toContainText('broken');
  await expect(item).toContainText(/PinTheChat\.ts:7:\d+/);
  await expect(note).toHaveText('↻ demo.PinTheChat no longer loads; the phone keeps its last set-up.');
  const problem = page.locator('header.card .broken');
  await expect(problem).toContainText(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:7:\\d+`));
  await expect(problem).toContainText(/expected|unexpected/i);
  await expect(page.getByRole('button', { name: /^Set up/ })).toBeDisabled();
  await expect(page.locator('.side-list .count')).toContainText('1 broken');
  await shot(page, 'reload-broken-1440x900');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'reload-broken-1280x720');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Fixed: back in the list, and the task is set up again with the same seed.
  writeFileSync(file, task());
  await expect(item).not.toContainText('broken');
  await expect(note).toHaveText('↻ The task file changed: set up again with seed 7.');
  await expect(cardGoal).toHaveText(`Pin the chat with ${String(params.contactName)} (v2)`);
  await expect(setupState).toContainText('Phone set up for demo.PinTheChat · seed 7');

  // ↻ still reloads on request.
  await page.getByRole('button', { name: '↻' }).click();
  await expect(item).toContainText('(v2)');
  await expect(page.locator('.side-list .count')).not.toContainText('broken');

  // Ctrl+C ends the run, and with it the bridge and its task watcher: the process exits.
  expect(await run.stop()).not.toBeNull();
  expect(run.output()).not.toMatch(/cannot watch|reloading the tasks failed/);
});
