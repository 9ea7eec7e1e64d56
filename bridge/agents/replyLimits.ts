/**
 * How much of a model's reply phonegym reads and keeps, in one table. The chat client reads a
 * reply body up to `bodyBytes` and refuses anything larger; whatever an agent sent back (raw
 * reply, thought, answer, typed text, a format error quoting the reply) is kept in rows,
 * trajectories and the conversation's history as its head plus a note saying how big it was.
 * A chat completion is a few KB (even a long reasoning trace is well under 1 MB), so none of
 * this touches a working model; it bounds a runaway one (issue 12: a 6 MB reply made a 6 MB row
 * and a 30 MB trajectory).
 */
export const REPLY_LIMITS = {
  /** A chat-completions body larger than this is refused (`model_bad_response`) without reading on. */
  bodyBytes: 8 * 1024 * 1024,
  /** Of an error body (4xx, 5xx) only this much is read: its message is all the client uses. */
  errorBodyBytes: 64 * 1024,
  /** What a stored text keeps: its first 64 KB, then the cut note. */
  storedBytes: 64 * 1024,
  /** What an error line (a row's `error`, errors.jsonl, the console) keeps. */
  errorBytes: 4 * 1024,
} as const;

const encoder = new TextEncoder();

/**
 * `text` when it fits in `maxBytes` of UTF-8, else its head (whole characters, at most
 * `maxBytes`) followed by `…[cut: N bytes in all]`, N being the whole text's size.
 */
export function keepHead(text: string, maxBytes: number = REPLY_LIMITS.storedBytes): string {
  // Every UTF-16 unit is at most 3 UTF-8 bytes: most texts are let through without encoding them.
  if (text.length * 3 <= maxBytes) return text;
  const total = encoder.encode(text).length;
  if (total <= maxBytes) return text;
  // encodeInto stops before a character that does not fit whole, so the head never ends in half of one.
  const { read } = encoder.encodeInto(text, new Uint8Array(maxBytes));
  return `${text.slice(0, read)}…[cut: ${total} bytes in all]`;
}

/** `keepHead` for a value that may be absent. */
export function keepHeadOf<T extends string | null | undefined>(text: T, maxBytes: number = REPLY_LIMITS.storedBytes): T {
  return (typeof text === 'string' ? keepHead(text, maxBytes) : text) as T;
}
