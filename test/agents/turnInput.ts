import type { TurnInput } from '../../bridge/agents/formats/types.ts';

/** A small but well-formed JPEG data URL (the formats never decode it). */
export const IMAGE_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP8=';

export const DATA_URL_RE = /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The input of a first turn on a 360x800 screenshot, overridable field by field. */
export function turnInput(over: Partial<TurnInput> = {}): TurnInput {
  return {
    goal: 'Send "hi" to Alice in chat',
    step: 0,
    maxSteps: 30,
    image: { url: IMAGE_URL, width: 360, height: 800 },
    tree: null,
    history: [],
    feedback: [],
    coords: 'pixels',
    apps: ['chat', 'answers'],
    ...over,
  };
}
