/**
 * Environment events (bridge/protocol/messages.ts `EnvironmentEvent`): what the world does to the
 * phone during an episode, applied with the owning app's pure rules. Pure; the page calls it
 * inside `phone.update`, tests call it on a JSON draft.
 */
import type { EnvironmentEvent } from '../bridge/protocol/messages.ts';
import { PhonegymError } from '../bridge/protocol/errors.ts';
import type { PhoneState } from '../bridge/protocol/state.ts';
import { deliverIncoming } from './chat/share.ts';
import { displayName, findContact, findThread, isGroup } from './chat/logic.ts';
import type { ChatState } from './chat/types.ts';
import { notificationsAllowed } from './settings/shell.ts';

/** What the phone shows for an event: a heads-up notification's app, title and text. */
export interface EventNotice {
  app: string;
  title: string;
  text: string;
  /** The screen tapping the notification opens. */
  path: string;
}

function invalid(message: string): never {
  throw new PhonegymError(message, { code: 'invalid_params' });
}

/** Checks an event's shape; returns it typed or throws `invalid_params` naming the field. */
export function parseEnvironmentEvent(value: unknown, where = 'event'): EnvironmentEvent {
  if (typeof value !== 'object' || value === null) invalid(`${where} must be an object`);
  const e = value as Record<string, unknown>;
  if (e.kind === 'chat.incoming') {
    for (const k of ['chatId', 'from', 'text'] as const) if (typeof e[k] !== 'string' || e[k] === '') invalid(`${where}.${k} must be a non-empty string`);
    return { kind: 'chat.incoming', chatId: e.chatId as string, from: e.from as string, text: e.text as string };
  }
  return invalid(`${where}.kind must be "chat.incoming", got ${JSON.stringify(e.kind)}`);
}

/** Applies one event to a state draft at `now`; returns what to notify. Throws `invalid_params` for a bad target. */
export function applyEnvironmentEvent(state: PhoneState, event: EnvironmentEvent, now: number): EventNotice {
  switch (event.kind) {
    case 'chat.incoming': {
      const chat = state.apps.chat as unknown as ChatState | undefined;
      if (!chat) invalid('chat.incoming: the phone has no chat app');
      try {
        deliverIncoming(chat, { chatId: event.chatId, from: event.from, text: event.text, now });
      } catch (e) {
        invalid(`chat.incoming: ${(e as Error).message}`);
      }
      const thread = findThread(chat, event.chatId)!;
      const sender = findContact(chat, event.from);
      const who = sender ? displayName(sender) : event.from;
      const group = isGroup(thread);
      return { app: 'chat', title: group ? thread.name : who, text: group ? `${who}: ${event.text}` : event.text, path: `/chat/${event.chatId}` };
    }
  }
}

/**
 * Applies events in order on the phone: all of them or, when one is bad, none (a dry run on a
 * copy first). Shows a notification for the last one, unless the settings app has that app's
 * notifications off or 勿扰模式 on. Returns the notices.
 */
export function deliverEvents(phone: { getStateJson(): string; update<R>(fn: (s: PhoneState) => R): R; now: number; notify(n: EventNotice): void }, events: unknown): EventNotice[] {
  if (!Array.isArray(events) || events.length === 0) invalid('deliver: events must be a non-empty array');
  const parsed = events.map((e, i) => parseEnvironmentEvent(e, `events[${i}]`));
  const draft = JSON.parse(phone.getStateJson()) as PhoneState;
  for (const e of parsed) applyEnvironmentEvent(draft, e, phone.now);
  const notices = phone.update((s) => parsed.map((e) => applyEnvironmentEvent(s, e, phone.now)));
  const last = notices[notices.length - 1]!;
  // The message arrives either way; the banner only when the app may notify (设置 → 通知, 勿扰模式).
  if (notificationsAllowed(draft.apps.settings, last.app)) phone.notify(last);
  return notices;
}
