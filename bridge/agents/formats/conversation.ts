/**
 * Building the request: the screenshot as an `image_url` part and the episode so far as chat
 * turns. Only the latest screenshot travels as an image; earlier screens are one line of text, so a
 * long episode stays a small request.
 */
import type { ChatMessage, ContentPart } from '../chatClient.ts';
import type { TurnInput, TurnRecord } from './types.ts';

export function imagePart(image: NonNullable<TurnInput['image']>): ContentPart {
  return { type: 'image_url', image_url: { url: image.url, ...(image.detail ? { detail: image.detail } : {}) } };
}

/** A user turn: its text and, when there is one, the screenshot (before or after the text, as the family does). */
export function userTurn(text: string, image: TurnInput['image'], imageFirst = false): ChatMessage {
  if (!image) return { role: 'user', content: text };
  const parts: ContentPart[] = [{ type: 'text', text }];
  if (imageFirst) parts.unshift(imagePart(image));
  else parts.push(imagePart(image));
  return { role: 'user', content: parts };
}

/**
 * The earlier turns as the model saw and wrote them: for turn i, the user turn `screenText(i)`
 * stands for the screen it was shown (no image), then the model's own raw reply, so it sees its
 * trajectory and its own format.
 */
export function replayHistory(history: TurnRecord[], screenText: (index: number) => string): ChatMessage[] {
  return history.flatMap((turn, i): ChatMessage[] => [
    // A session's earlier goals stay in the conversation where the user gave them.
    { role: 'user', content: turn.task ? `Task: ${turn.task}\n${screenText(i)}` : screenText(i) },
    { role: 'assistant', content: turn.raw },
  ]);
}

/** The judge's findings, one paragraph each, introduced by `intro` ("The task was checked and is not done yet:"). */
export function feedbackText(feedback: string[], intro: string): string | null {
  if (!feedback.length) return null;
  return feedback.map((f) => `${intro} ${f.trim()}`).join('\n\n');
}
