/**
 * The reply formats by name (`--agent-format NAME`): phonegym's own and the published GUI-model
 * grammars. Add one with a file exporting a ReplyFormat and a line here; docs/agent-formats.md
 * describes each.
 */
import { UsageError } from '../../protocol/errors.ts';
import { didYouMean } from '../../protocol/suggest.ts';
import { autoglmFormat } from './autoglm.ts';
import { phonegymFormat } from './phonegym.ts';
import { qwenFormat } from './qwen.ts';
import type { ReplyFormat } from './types.ts';
import { uiTarsFormat } from './uitars.ts';

export type { ParsedTurn, ReplyFormat, TurnInput, TurnRecord } from './types.ts';
export { treeText } from './treeText.ts';

export const REPLY_FORMATS: readonly ReplyFormat[] = [phonegymFormat, uiTarsFormat('1.0'), uiTarsFormat('1.5'), autoglmFormat, qwenFormat('2.5'), qwenFormat('3')];

export function formatNames(): string[] {
  return REPLY_FORMATS.map((f) => f.name);
}

export function findFormat(name: string): ReplyFormat {
  const f = REPLY_FORMATS.find((x) => x.name === name);
  if (!f) throw new UsageError(`unknown reply format "${name}"${didYouMean(name, formatNames())}. Formats: ${formatNames().join(', ')}`);
  return f;
}
