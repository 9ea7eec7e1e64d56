/**
 * A client for any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, SGLang, Ollama,
 * LM Studio, llama.cpp's server, most hosted gateways): what both the `openai` agent and the VLM
 * judge speak. It retries what is worth retrying (429, 5xx, timeouts, a dropped connection) with
 * capped exponential backoff that honours Retry-After, and fails at once on what is not (a bad
 * key, a model that does not exist, a malformed request), with an error code from
 * docs/errors.md. A reply body is read bounded (`REPLY_LIMITS.bodyBytes`): a server that sends
 * more is refused, not buffered. The key is never put in an error message, a log line or a result.
 */
import { PhonegymError } from '../protocol/errors.ts';
import { registerSecret, scrub } from '../secrets.ts';
import { REPLY_LIMITS } from './replyLimits.ts';

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatResult {
  text: string;
  usage: Usage | null;
  /** Wall time of the successful request, ms (earlier failed attempts and waits not included). */
  latencyMs: number;
  /** Requests made, the successful one included. */
  attempts: number;
  model: string;
  finishReason: string | null;
}

export interface ChatClientOptions {
  /** The API root, e.g. `http://127.0.0.1:8000/v1` (`/chat/completions` is appended). */
  baseUrl: string;
  model: string;
  /** The key itself, resolved from the environment by the caller; null sends no Authorization. */
  apiKey: string | null;
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Retries after the first request (default 4). */
  maxRetries?: number;
  /** First backoff (default 1 s); doubles per retry, capped at `maxBackoffMs` (default 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Extra fields merged into every request body (e.g. `top_p`, `seed`). */
  extraBody?: Record<string, unknown>;
  fetchImpl?: typeof fetch;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Told about every failed attempt that will be retried (for logs; never includes the key). */
  onRetry?: (info: { attempt: number; code: string; message: string; waitMs: number }) => void;
}

/**
 * The model service failed (as opposed to the agent misbehaving): a `run_error` of the episode,
 * retried by the runner like any other infrastructure error.
 */
export class ModelServiceError extends PhonegymError {
  override name = 'ModelServiceError';
  constructor(
    message: string,
    code: ModelErrorCode,
    readonly status: number | null = null,
  ) {
    super(message, { code });
  }
}

export type ModelErrorCode =
  | 'model_auth'
  | 'model_not_found'
  | 'model_bad_request'
  | 'model_rate_limited'
  | 'model_server_error'
  | 'model_timeout'
  | 'model_unreachable'
  | 'model_bad_response';

/** Hides every occurrence of `secret` (and of any registered key, and the Bearer header) in `text`. */
export function redact(text: string, secret: string | null | undefined): string {
  let out = text;
  if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return scrub(out);
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

function codeForStatus(status: number): ModelErrorCode {
  if (status === 401 || status === 403) return 'model_auth';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'model_rate_limited';
  if (status === 408) return 'model_timeout';
  if (status >= 500) return 'model_server_error';
  return 'model_bad_request';
}

/** The message of an OpenAI-style error body (`{"error": {"message": …}}`), else the text's start. */
function errorBodyMessage(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message);
    if (m) return String(m).slice(0, 300);
  } catch {
    /* not JSON */
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const s = Number(header);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const d = Date.parse(header);
  return Number.isFinite(d) ? Math.max(0, d - Date.now()) : null;
}

/**
 * The body as text, reading no more than `maxBytes`: a declared Content-Length beyond it is
 * refused unread, a longer stream is cancelled at the limit (`text` is then what was read).
 * `tooLarge` says which, with the declared size.
 */
async function readBounded(res: Response, maxBytes: number): Promise<{ text: string; tooLarge: null | { declared: number | null } }> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return { text: '', tooLarge: { declared } };
  }
  if (!res.body) return { text: await res.text(), tooLarge: null };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => {});
      return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: { declared: null } };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: null };
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class ChatClient {
  readonly url: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(readonly opts: ChatClientOptions) {
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new PhonegymError(`the base URL "${opts.baseUrl}" is not a URL: give the API root, e.g. http://127.0.0.1:8000/v1`, { code: 'usage' });
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new PhonegymError(`the base URL "${opts.baseUrl}" must start with http:// or https://`, { code: 'usage' });
    }
    this.url = opts.baseUrl.replace(/\/+$/, '').replace(/\/chat\/completions$/, '') + '/chat/completions';
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.maxRetries = opts.maxRetries ?? 4;
    this.backoffMs = opts.backoffMs ?? 1_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 30_000;
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  get model(): string {
    return this.opts.model;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const body = JSON.stringify({
      model: this.opts.model,
      messages: req.messages,
      ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
      ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
      ...this.opts.extraBody,
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    let last: ModelServiceError | null = null;
    for (let attempt = 1; attempt <= this.maxRetries + 1; attempt++) {
      if (req.signal?.aborted) throw req.signal.reason;
      const t0 = performance.now();
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
      let status = 0;
      let text = '';
      let tooLarge: { declared: number | null } | null = null;
      let retryAfter: string | null = null;
      try {
        const res = await this.fetchImpl(this.url, { method: 'POST', headers, body, signal });
        // Of an error body only its message is used; a reply beyond the limit is refused below.
        ({ text, tooLarge } = await readBounded(res, res.ok ? REPLY_LIMITS.bodyBytes : REPLY_LIMITS.errorBodyBytes));
        // Only once the body is in: a body cut off by a timeout or a reset is retried like no answer.
        status = res.status;
        retryAfter = res.headers.get('retry-after');
      } catch (e) {
        if (req.signal?.aborted) throw req.signal.reason;
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        const why = timeout.aborted ? `no answer within ${Math.round(this.timeoutMs / 1000)} s` : (cause?.code ?? cause?.message ?? (e as Error).message);
        last = new ModelServiceError(redact(`${this.url} could not be reached: ${why}`, this.opts.apiKey), timeout.aborted ? 'model_timeout' : 'model_unreachable');
      }
      if (status >= 200 && status < 300) {
        if (tooLarge) {
          // Not retried here: a server that sent this much once will likely do it again.
          const limit = mb(REPLY_LIMITS.bodyBytes);
          const what = tooLarge.declared !== null ? `a body of ${tooLarge.declared} bytes: more than the ${limit}` : `a body of more than ${limit}, reading stopped there: that is the most`;
          throw new ModelServiceError(redact(`${this.url} answered 200 with ${what} phonegym reads of a reply (a chat completion is a few KB). Is the server stuck generating? Check it, and --max-tokens`, this.opts.apiKey), 'model_bad_response');
        }
        return this.parse(text, performance.now() - t0, attempt);
      }
      if (status) {
        const message = redact(`${this.url} answered HTTP ${status}: ${errorBodyMessage(text) || 'no body'}`, this.opts.apiKey);
        last = new ModelServiceError(message, codeForStatus(status), status);
        if (!RETRYABLE_STATUS.has(status)) throw last;
      }
      if (attempt > this.maxRetries) break;
      const hint = retryAfterMs(retryAfter);
      const waitMs = Math.min(this.maxBackoffMs, hint ?? this.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
      req.onRetry?.({ attempt, code: last!.code, message: last!.message, waitMs: Math.round(waitMs) });
      await sleep(waitMs, req.signal);
    }
    throw new ModelServiceError(`${last!.message} (gave up after ${this.maxRetries + 1} attempts)`, last!.code as ModelErrorCode, last!.status);
  }

  private parse(text: string, latencyMs: number, attempts: number): ChatResult {
    let j: {
      model?: string;
      choices?: { message?: { content?: string | { type: string; text?: string }[] | null; reasoning_content?: string }; finish_reason?: string }[];
      usage?: Partial<Usage>;
    };
    try {
      j = JSON.parse(text);
    } catch {
      throw new ModelServiceError(redact(`${this.url} answered 200 with something that is not JSON: ${text.slice(0, 200)}`, this.opts.apiKey), 'model_bad_response');
    }
    const choice = j.choices?.[0];
    if (!choice?.message) throw new ModelServiceError(redact(`${this.url} answered 200 without choices[0].message: ${text.slice(0, 200)}`, this.opts.apiKey), 'model_bad_response');
    const c = choice.message.content;
    const content = typeof c === 'string' ? c : Array.isArray(c) ? c.map((p) => p.text ?? '').join('') : '';
    const u = j.usage;
    const usage = u && typeof u.prompt_tokens === 'number' ? { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens ?? 0, total_tokens: u.total_tokens ?? u.prompt_tokens + (u.completion_tokens ?? 0) } : null;
    return { text: content, usage, latencyMs: Math.round(latencyMs), attempts, model: j.model ?? this.opts.model, finishReason: choice.finish_reason ?? null };
  }
}

/** The key from the environment variable `name`; a clear error when it is required and missing. */
export function apiKeyFrom(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env[name];
  const key = v && v.trim() ? v.trim() : null;
  registerSecret(key);
  return key;
}
