/**
 * A local OpenAI-compatible chat-completions server for tests: the only stand-in the project
 * allows. It speaks the real wire format (a `chat.completion` object with choices and usage, and
 * OpenAI-style error bodies with real status codes) and answers from a script the test writes:
 * each request takes the next entry, or a function decides from the request.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string; detail?: string } }[] }[];
    temperature?: number;
    max_tokens?: number;
    [k: string]: unknown;
  };
}

export type ScriptedReply =
  /** A normal completion whose message content is this text. */
  | string
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** An HTTP error with an OpenAI-style body. */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** A raw 200 body (to send something that is not a completion). */
  | { raw: string }
  /** Never answers (the client's timeout must fire); the socket is closed when the server stops. */
  | { hang: true };

export interface FakeOpenAI {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Texts of every user/system message part of request `i`, joined. */
  textOf(i: number): string;
  close(): Promise<void>;
}

type Script = ScriptedReply[] | ((req: RecordedRequest, index: number) => ScriptedReply);

export async function startFakeOpenAI(script: Script): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  let next = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error', code: 'unknown_url' } }));
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } }));
        return;
      }
      const recorded: RecordedRequest = { path: req.url, headers: req.headers, body };
      requests.push(recorded);
      const index = next++;
      const reply = typeof script === 'function' ? script(recorded, index) : (script[index] ?? script[script.length - 1]!);
      send(res, reply, body.model, index);
    });
  });
  function send(res: import('node:http').ServerResponse, reply: ScriptedReply, model: string, index: number): void {
    if (typeof reply === 'object' && 'hang' in reply) {
      hanging.add(res);
      return;
    }
    if (typeof reply === 'object' && 'status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: reply.message ?? `scripted error ${reply.status}`, type: reply.status === 429 ? 'rate_limit_error' : 'server_error', param: null, code: null } }));
      return;
    }
    if (typeof reply === 'object' && 'raw' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(reply.raw);
      return;
    }
    const content = typeof reply === 'string' ? reply : reply.content;
    const u = typeof reply === 'string' ? { prompt_tokens: 1000 + index, completion_tokens: 20 } : (reply.usage ?? { prompt_tokens: 1000, completion_tokens: 20 });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-test${index}`,
        object: 'chat.completion',
        created: 1_764_000_000 + index,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
        usage: { ...u, total_tokens: u.prompt_tokens + u.completion_tokens },
      }),
    );
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    textOf(i) {
      const r = requests[i];
      if (!r) return '';
      return r.body.messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('\n'))).join('\n');
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
