/**
 * A small error hierarchy that survives the wire: `serializeError` turns any error into
 * plain JSON, `reviveError` rebuilds the right class by `name`. Messages say what was
 * wrong, where, and what to do.
 */
export type ErrorCode =
  | 'protocol_mismatch'
  | 'bad_message'
  | 'message_too_large'
  | 'unknown_method'
  | 'invalid_params'
  | 'timeout'
  | 'connection_closed'
  | 'device_not_found'
  | 'unauthorized'
  | 'internal';

export class PhonegymError extends Error {
  override name = 'PhonegymError';
  readonly code: ErrorCode | string;
  readonly details?: Record<string, unknown>;
  constructor(message: string, opts: { code?: ErrorCode | string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.code = opts.code ?? 'internal';
    this.details = opts.details;
  }
}

/** The peer speaks another protocol version. */
export class ProtocolError extends PhonegymError {
  override name = 'ProtocolError';
}

/** A call did not get an answer in time. */
export class TimeoutError extends PhonegymError {
  override name = 'TimeoutError';
  constructor(message: string, opts: { details?: Record<string, unknown> } = {}) {
    super(message, { code: 'timeout', ...opts });
  }
}

/** The socket closed while a call was pending, or before it was made. */
export class ConnectionClosedError extends PhonegymError {
  override name = 'ConnectionClosedError';
  constructor(message: string, opts: { details?: Record<string, unknown> } = {}) {
    super(message, { code: 'connection_closed', ...opts });
  }
}

/** The remote side raised while handling a call. */
export class RemoteError extends PhonegymError {
  override name = 'RemoteError';
}

/** Bad input from a user: flags, task ids, task files. Printed without a stack trace. */
export class UsageError extends PhonegymError {
  override name = 'UsageError';
  constructor(message: string, opts: { details?: Record<string, unknown> } = {}) {
    super(message, { code: 'usage', ...opts });
  }
}

export interface SerializedError {
  name: string;
  message: string;
  code: string;
  details?: Record<string, unknown>;
  stack?: string;
}

export function serializeError(e: unknown, withStack = false): SerializedError {
  if (e instanceof PhonegymError) {
    return { name: e.name, message: e.message, code: String(e.code), details: e.details, ...(withStack && e.stack ? { stack: e.stack } : {}) };
  }
  if (e instanceof Error) {
    return { name: e.name, message: e.message, code: 'internal', ...(withStack && e.stack ? { stack: e.stack } : {}) };
  }
  return { name: 'Error', message: String(e), code: 'internal' };
}

const classes: Record<string, new (message: string, opts: { code?: string; details?: Record<string, unknown> }) => PhonegymError> = {
  PhonegymError,
  ProtocolError,
  TimeoutError: TimeoutError as never,
  ConnectionClosedError: ConnectionClosedError as never,
  UsageError: UsageError as never,
};

export function reviveError(s: SerializedError): PhonegymError {
  const known = Object.hasOwn(classes, s.name);
  const Cls = known ? classes[s.name] : RemoteError;
  const err = new Cls(s.message, { code: s.code, details: s.details });
  if (!known) (err as { remoteName?: string }).remoteName = s.name;
  return err;
}

/** A refused HTTP request: the status, a code a client can switch on, and a message a person can act on. */
export interface HttpProblem {
  status: number;
  code: string;
  message: string;
  field?: string;
}
