/**
 * The action space as tool definitions: one function per `Action` type of
 * bridge/protocol/actions.ts, whose parameters are the action's own fields under their own names,
 * so a tool call's arguments are the recorded action minus its `type` and read back into it
 * unchanged. The coordinate fields are described in the run's space (`--coords`).
 */
import { KEY_NAMES, type Action, type ActionType, type CoordSpace } from '../protocol/actions.ts';
import { VIEWPORT } from '../protocol/state.ts';

/** A JSON Schema object, as tool parameters are written. */
export interface JsonSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
}

/** A tool as Verifiers writes `tool_defs` (name, description, JSON-schema parameters). */
export interface ToolDef {
  name: ActionType;
  description: string;
  parameters: JsonSchema;
}

/** A tool as OpenAI's chat API and prime-rl's SFT loader take it. */
export interface OpenAITool {
  type: 'function';
  function: ToolDef;
}

/** One tool call in OpenAI's nested shape: arguments as a JSON string. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: ActionType; arguments: string };
}

/** The coordinate space of the run, as meta.json's config records it. */
export interface CoordInfo {
  space: CoordSpace;
  screenshotScale: number;
  /** `simulator` (a 360x800 screen) or `adb` (a phone's own aspect, 360 wide). */
  env: string;
}

/** How a coordinate is read in `c`, for the tools' descriptions. */
export function coordinateText(c: CoordInfo): string {
  switch (c.space) {
    case 'pixels': {
      const w = Math.round(VIEWPORT.width * c.screenshotScale);
      const size = c.env === 'adb' ? `${w} pixels wide` : `${w}x${Math.round(VIEWPORT.height * c.screenshotScale)}`;
      return `pixels of the ${size} screenshot, origin top left`;
    }
    case 'norm1000':
      return '0-1000 across the screen, origin top left (500, 500 is the centre)';
    case 'norm1':
      return 'a fraction 0-1 of the screen, origin top left (0.5, 0.5 is the centre)';
  }
}

const num = (description: string) => ({ type: 'number', description });
const int = (description: string) => ({ type: 'integer', minimum: 0, description });
const str = (description: string) => ({ type: 'string', description });

/** Every action type's tool: the table TypeScript keeps complete (a new action type must be added here). */
function toolTable(c: CoordInfo): Record<ActionType, { description: string; properties: JsonSchema['properties']; required: string[] }> {
  const at = coordinateText(c);
  const point = { x: num(`x, in ${at}`), y: num(`y, in ${at}`) };
  const stroke = { x1: num(`start x, in ${at}`), y1: num(`start y, in ${at}`), x2: num(`end x, in ${at}`), y2: num(`end y, in ${at}`), durationMs: int('how long the finger moves, in milliseconds (optional)') };
  return {
    tap: { description: 'Tap once at a point.', properties: point, required: ['x', 'y'] },
    double_tap: { description: 'Tap twice quickly at a point.', properties: point, required: ['x', 'y'] },
    long_press: { description: 'Press and hold at a point.', properties: { ...point, durationMs: int('how long to hold, in milliseconds (optional)') }, required: ['x', 'y'] },
    swipe: { description: 'A quick fling from (x1, y1) to (x2, y2): lists keep moving after it. Swipe upwards (y2 < y1) to see what is further down.', properties: stroke, required: ['x1', 'y1', 'x2', 'y2'] },
    drag: { description: 'A slow drag from (x1, y1) to (x2, y2) that stops before lifting: exact scrolling, sliders, moving items.', properties: stroke, required: ['x1', 'y1', 'x2', 'y2'] },
    type: {
      description: 'Type text into the focused field, or tap (x, y) first; clear empties the field before typing. "\\n" presses Enter.',
      properties: { text: str('the text to type'), x: num(`optional x to tap first, in ${at}`), y: num(`optional y to tap first, in ${at}`), clear: { type: 'boolean', description: 'empty the field first (optional)' } },
      required: ['text'],
    },
    key: { description: 'Press a system key.', properties: { key: { type: 'string', enum: [...KEY_NAMES], description: 'back, home, recent or enter' } }, required: ['key'] },
    open_app: { description: 'Open an app by its id.', properties: { app: str('the app id, e.g. chat') }, required: ['app'] },
    wait: { description: 'Let time pass on the phone, e.g. while something loads.', properties: { ms: int('milliseconds to wait') }, required: ['ms'] },
    info: { description: 'Ask the user for information only they have.', properties: { question: str('the question') }, required: ['question'] },
    answer: { description: 'Finish with the answer, when the task asks for information.', properties: { text: str('the answer') }, required: ['text'] },
    complete: { description: 'Finish: the task is done.', properties: {}, required: [] },
    abort: { description: 'Finish: the task cannot be done.', properties: { reason: str('why it cannot be done (optional)') }, required: [] },
  };
}

/** The action space as Verifiers' `tool_defs`, in the order of ACTION_TYPES. */
export function toolDefs(c: CoordInfo): ToolDef[] {
  return Object.entries(toolTable(c)).map(([name, t]) => ({
    name: name as ActionType,
    description: t.description,
    parameters: { type: 'object', properties: t.properties, required: t.required, additionalProperties: false },
  }));
}

/** The same tools in OpenAI's `tools` shape. */
export function openAITools(c: CoordInfo): OpenAITool[] {
  return toolDefs(c).map((fn) => ({ type: 'function', function: fn }));
}

/** The call of `action` as a tool call: its fields but `type`, as a JSON string. */
export function toolCallOf(action: Action, id: string): ToolCall {
  const { type, ...args } = action;
  return { id, type: 'function', function: { name: type, arguments: JSON.stringify(args) } };
}
