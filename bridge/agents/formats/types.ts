/**
 * A reply format: how one family of models is asked (system prompt, history, this screen) and
 * how its reply is read back into an action. phonegym's own format (JSON or function calls) and
 * the published GUI-model grammars all implement it, so one `openai` agent can drive any of them.
 *
 * Coordinates cross this boundary as fractions of the screen (0..1, origin top left): each format
 * knows its model's own space (screenshot pixels, 0-1000, 0-999, a resized image) and converts;
 * the agent then maps fractions into the env's declared space.
 */
import type { Action, CoordSpace } from '../../protocol/actions.ts';
import type { ChatMessage } from '../chatClient.ts';

/** One earlier turn of the episode, as the model wrote it and as it was understood. */
export interface TurnRecord {
  /** The model's raw reply. */
  raw: string;
  thought?: string;
  /** The action it was parsed into (coordinates as fractions of the screen). */
  action: Action;
  /** In a session, on the first turn of each goal: the goal the user gave then (the current one is the input's `goal`). */
  task?: string;
}

export interface TurnInput {
  goal: string;
  /** Actions taken so far (0 on the first turn). */
  step: number;
  maxSteps: number;
  /** The screenshot sent this turn: a data URL (image/jpeg, base64) and its size in pixels. */
  image: { url: string; width: number; height: number; detail?: 'low' | 'high' | 'auto' } | null;
  /** The UI tree as text (see treeText.ts), when the agent sends it (`--observation tree|both`). */
  tree: string | null;
  /** Earlier turns of this conversation, oldest first. */
  history: TurnRecord[];
  /**
   * The judge's findings from earlier rounds, oldest first (feedback rounds, seed 003): the agent
   * said it was done, the judge disagreed, and the conversation goes on with this in it.
   */
  feedback: string[];
  /** The coordinate space phonegym's own format asks for (`--coords`); GUI-model formats have their own. */
  coords: CoordSpace;
  /** App names `open_app` accepts. */
  apps: string[];
}

export type ParsedTurn = { action: Action; thought?: string } | { formatError: string };

export interface ReplyFormat {
  /** `--agent-format NAME`. */
  name: string;
  description: string;
  /** Where the grammar and coordinate space come from (the family's public documentation). */
  reference: string;
  /** The whole request for this turn. */
  messages(input: TurnInput): ChatMessage[];
  /** The reply as an action (coordinates as fractions of the screen), or why it could not be read. */
  parse(text: string, input: TurnInput): ParsedTurn;
}
