import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient, ModelServiceError } from '../../bridge/agents/chatClient.ts';
import { judgeAgreement } from '../../bridge/judge/agreement.ts';
import { VlmJudgeError, buildVlmJudgeRequest, parseVlmJudgeReply, sampleImages, vlmJudge, type VlmJudgeInput } from '../../bridge/judge/vlm.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/openaiServer.ts';

/**
 * A real 8x8 grey baseline JPEG, built by hand: one block whose DC and AC Huffman tables each hold
 * a single 1-bit code (category 0, end of block). The comment segment names the screen, so a test
 * can tell which screenshots a request carried.
 */
function tinyJpeg(name: string): Buffer {
  const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  const oneCodeTable = (classAndId: number) => [classAndId, 1, ...Array<number>(15).fill(0), 0x00];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xfe, [...Buffer.from(name)]),
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0x00)),
    ...segment(0xc4, oneCodeTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff, 0xd9,
  ]);
}

/** The comment segment of a JPEG built by tinyJpeg. */
function jpegName(bytes: Buffer): string {
  const len = (bytes[4]! << 8) | bytes[5]!;
  return bytes.subarray(6, 4 + len).toString('utf8');
}

const PNG_1x1 = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f20000000049454e44ae426082', 'hex');

function episode(steps: number, over: Partial<VlmJudgeInput> = {}): VlmJudgeInput {
  const actions = Array.from({ length: steps }, (_, i) => `tap(${100 + i}, 540)`);
  return {
    goal: 'Send "see you at 6" to Alice',
    actions,
    answer: null,
    screenshots: Array.from({ length: steps + 1 }, (_, i) => tinyJpeg(`screen ${i}`)),
    maxImages: 10,
    taskKind: 'operation',
    ...over,
  };
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

const GOOD = '{"success": true, "clean": false, "reasons": "The message was sent, but Bob was muted too.", "issues": ["Bob was muted"]}';

describe('sampleImages', () => {
  it('keeps every screen when they fit', () => {
    expect(sampleImages(3, 10)).toEqual([0, 1, 2]);
    expect(sampleImages(10, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sampleImages(1, 10)).toEqual([0]);
  });

  it('spreads the sample evenly, first and last included', () => {
    expect(sampleImages(25, 10)).toEqual([0, 3, 5, 8, 11, 13, 16, 19, 21, 24]);
    expect(sampleImages(11, 10)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(sampleImages(11, 2)).toEqual([0, 10]);
    expect(sampleImages(4, 3)).toEqual([0, 2, 3]);
    expect(sampleImages(40)).toEqual([0, 4, 9, 13, 17, 22, 26, 30, 35, 39]);
  });

  it('shows only the last screen with room for one, and nothing without screens', () => {
    expect(sampleImages(5, 1)).toEqual([4]);
    expect(sampleImages(0, 10)).toEqual([]);
  });

  it('never exceeds the limit, never repeats, always ends on the last screen', () => {
    for (let count = 1; count <= 60; count++) {
      for (let max = 1; max <= 12; max++) {
        const s = sampleImages(count, max);
        expect(s.length).toBe(Math.min(count, max));
        expect(s.every((v, i) => i === 0 || v > s[i - 1]!)).toBe(true);
        expect(s.at(-1)).toBe(count - 1);
        if (max > 1) expect(s[0]).toBe(0);
      }
    }
  });

  it('refuses a limit below one', () => {
    expect(() => sampleImages(5, 0)).toThrow(/maxImages must be a whole number >= 1, got 0/);
    expect(() => sampleImages(-1, 3)).toThrow(RangeError);
  });
});

describe('buildVlmJudgeRequest', () => {
  it('names each image by the step it follows and lists every action', () => {
    const { messages, shown } = buildVlmJudgeRequest(episode(4, { maxImages: 3, answer: 'done' }));
    expect(shown).toEqual([0, 2, 4]);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toMatch(/"success": true or false, "clean": true or false/);
    const parts = messages[1]!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.map((p) => (p.type === 'text' ? p.text!.split('\n')[0] : 'IMAGE'))).toEqual([
      'Goal: Send "see you at 6" to Alice',
      'Initial screen:',
      'IMAGE',
      'Screen after step 2 (tap(101, 540)):',
      'IMAGE',
      'Screen after step 4 (tap(103, 540)):',
      'IMAGE',
      'Judge this episode now. Reply with the JSON object only.',
    ]);
    const intro = parts[0]!.text!;
    expect(intro).toContain('Actions (4 steps):\n1. tap(100, 540)\n2. tap(101, 540)\n3. tap(102, 540)\n4. tap(103, 540)');
    expect(intro).toContain('Final answer: "done"');
    expect(intro).toContain("3 of the episode's 5 screens");
    expect(intro).toContain('Task kind: operation');
  });

  it('tells the model to judge a query task on its answer', () => {
    const { messages } = buildVlmJudgeRequest(episode(1, { taskKind: 'query', answer: '42' }));
    expect((messages[1]!.content as { text?: string }[])[0]!.text).toMatch(/Task kind: query: .*judge success on the final answer/);
    expect(messages[0]!.content).toMatch(/If the goal asks for information, judge the final answer text/);
  });

  it('replaces every image with a placeholder in the prompt to save', () => {
    const input = episode(3);
    const { prompt, shown } = buildVlmJudgeRequest(input);
    expect(shown).toEqual([0, 1, 2, 3]);
    const urls = (prompt[1]!.content as { image_url?: { url: string } }[]).flatMap((p) => (p.image_url ? [p.image_url.url] : []));
    expect(urls).toEqual([
      `<image 0: initial screen, ${input.screenshots[0]!.length} bytes>`,
      `<image 1: screen after step 1, ${input.screenshots[1]!.length} bytes>`,
      `<image 2: screen after step 2, ${input.screenshots[2]!.length} bytes>`,
      `<image 3: screen after step 3, ${input.screenshots[3]!.length} bytes>`,
    ]);
    expect(JSON.stringify(prompt)).not.toContain('data:');
  });

  it('labels screenshots by screenshotSteps when a step has none, and sends PNG as PNG', () => {
    const input = episode(3, { screenshots: [PNG_1x1, tinyJpeg('a'), tinyJpeg('b')], screenshotSteps: [0, 1, 3] });
    const { messages } = buildVlmJudgeRequest(input);
    const parts = messages[1]!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.filter((p) => p.type === 'text').map((p) => p.text)).toContain('Screen after step 3 (tap(102, 540)):');
    expect(parts.find((p) => p.image_url)!.image_url!.url).toBe(`data:image/png;base64,${PNG_1x1.toString('base64')}`);
  });

  it('refuses an episode without screens, or bytes that are no image', () => {
    const cases: [VlmJudgeInput, RegExp][] = [
      [episode(0, { screenshots: [] }), /the VLM judge got no screenshots/],
      [episode(1, { screenshots: [tinyJpeg('x'), Buffer.from('<html>')] }), /screenshot 1 \(6 bytes, starting 3c 68 74 6d\) is not a JPEG, PNG or WebP image/],
      [episode(1, { screenshotSteps: [0] }), /screenshotSteps has 1 entries for 2 screenshots/],
    ];
    for (const [input, message] of cases) {
      const error = thrown(() => buildVlmJudgeRequest(input));
      expect(error).toBeInstanceOf(VlmJudgeError);
      expect(error).toMatchObject({ code: 'vlm_judge_bad_input', message: expect.stringMatching(message) });
    }
  });
});

describe('parseVlmJudgeReply', () => {
  it('reads a well-formed reply', () => {
    expect(parseVlmJudgeReply(GOOD)).toEqual({ success: true, clean: false, reasons: 'The message was sent, but Bob was muted too.', issues: ['Bob was muted'] });
  });

  it('finds the object inside a code fence, prose and a <think> block', () => {
    const expected = { success: false, clean: true, reasons: 'Still a draft.', issues: ['not sent'] };
    const body = '{"success": false, "clean": true, "reasons": "Still a draft.", "issues": ["not sent"]}';
    expect(parseVlmJudgeReply('```json\n' + body + '\n```')).toEqual(expected);
    expect(parseVlmJudgeReply(`Here is my verdict: ${body} Hope this helps {sic}.`)).toEqual(expected);
    expect(parseVlmJudgeReply(`<think>maybe {"success": true, "clean": true}?</think>\n${body}`)).toEqual(expected);
    expect(parseVlmJudgeReply(`the screens show {a draft}</think>${body}`)).toEqual(expected);
  });

  it('takes the last verdict object when the reply restates itself', () => {
    expect(parseVlmJudgeReply('First {"success": true, "clean": true} then, on reflection: {"success": false, "clean": true, "reasons": "r"}').success).toBe(false);
  });

  it('accepts "true"/"false" strings and the documented aliases', () => {
    expect(parseVlmJudgeReply('{"passed": "True", "clean": "false", "reason": "muted Bob", "issues": "Bob muted"}')).toEqual({ success: true, clean: false, reasons: 'muted Bob', issues: ['Bob muted'] });
    expect(parseVlmJudgeReply('{"success": false, "clean": true}')).toEqual({ success: false, clean: true, reasons: '', issues: [] });
  });

  it('says what is wrong with an unusable reply, and keeps the reply', () => {
    const cases: [string, RegExp][] = [
      ['I think the agent did well!', /has no JSON object with "success" and "clean" \(it starts: "I think the agent did well!"\)/],
      ['<think>hmm</think>  ', /reply is empty/],
      ['{"success": true}', /has no "clean" field/],
      ['{"success": "probably", "clean": true}', /gives "success": "probably"; it must be true or false/],
      ['{"success": true, "clean": 1}', /gives "clean": 1/],
    ];
    for (const [text, message] of cases) {
      const error = thrown(() => parseVlmJudgeReply(text));
      expect(error).toBeInstanceOf(VlmJudgeError);
      expect((error as VlmJudgeError).message).toMatch(message);
      expect((error as VlmJudgeError).code).toBe('vlm_judge_bad_reply');
      expect((error as VlmJudgeError).raw).toBe(text);
    }
  });
});

describe('vlmJudge against an OpenAI-compatible server', () => {
  let server: FakeOpenAI | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const KEY = 'sk-test-0123456789abcdef';
  const clientFor = (s: FakeOpenAI) => new ChatClient({ baseUrl: s.baseUrl, model: 'judge-vl-7b', apiKey: KEY, maxRetries: 2, backoffMs: 1, maxBackoffMs: 2 });

  it('sends at most max_images real JPEGs, first and last screens included, to the client model', async () => {
    server = await startFakeOpenAI([GOOD]);
    const input = episode(24);
    const verdict = await vlmJudge(clientFor(server), input);

    const { body } = server.requests[0]!;
    expect(body.model).toBe('judge-vl-7b');
    expect(body.temperature).toBe(0);
    const parts = body.messages[1]!.content as { type: string; image_url?: { url: string } }[];
    const urls = parts.flatMap((p) => (p.type === 'image_url' ? [p.image_url!.url] : []));
    expect(urls).toHaveLength(10);
    const sent = urls.map((url) => {
      const m = /^data:image\/jpeg;base64,([A-Za-z0-9+/]+={0,2})$/.exec(url);
      expect(m).not.toBeNull();
      const bytes = Buffer.from(m![1]!, 'base64');
      expect([bytes[0], bytes[1], bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
      return jpegName(bytes);
    });
    expect(sent).toEqual([0, 3, 5, 8, 11, 13, 16, 19, 21, 24].map((i) => `screen ${i}`));

    expect(verdict).toMatchObject({
      success: true,
      clean: false,
      passed: false,
      reasons: 'The message was sent, but Bob was muted too.',
      issues: ['Bob was muted'],
      shown: [0, 3, 5, 8, 11, 13, 16, 19, 21, 24],
      raw: GOOD,
      usage: { prompt_tokens: 1000, completion_tokens: 20, total_tokens: 1020 },
      model: 'judge-vl-7b',
    });
    expect(typeof verdict.latencyMs).toBe('number');
  });

  it('passes temperature and max_tokens through, and reads a fenced reply', async () => {
    server = await startFakeOpenAI(['```json\n{"success": true, "clean": true, "reasons": "sent", "issues": []}\n```']);
    const verdict = await vlmJudge(clientFor(server), episode(2), { temperature: 0.2, maxTokens: 512 });
    expect(server.requests[0]!.body).toMatchObject({ temperature: 0.2, max_tokens: 512 });
    expect(verdict).toMatchObject({ success: true, clean: true, passed: true, reasons: 'sent', issues: [] });
  });

  it('throws VlmJudgeError on a garbage reply, keeping the reply and the prompt to save', async () => {
    server = await startFakeOpenAI(['The agent seems to have succeeded.']);
    const error = await vlmJudge(clientFor(server), episode(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VlmJudgeError);
    expect(error).toMatchObject({ code: 'vlm_judge_bad_reply', raw: 'The agent seems to have succeeded.' });
    expect(JSON.stringify((error as VlmJudgeError).prompt)).toContain('<image 2: screen after step 2,');
  });

  it('lets a model service that keeps failing surface as ModelServiceError after the retries', async () => {
    server = await startFakeOpenAI([{ status: 500, message: 'upstream overloaded' }]);
    const error = await vlmJudge(clientFor(server), episode(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelServiceError);
    expect(error).toMatchObject({ code: 'model_server_error', status: 500 });
    expect((error as Error).message).toMatch(/gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('returns neither an image nor the API key, even when the server echoes the key', async () => {
    const echo = (auth: unknown) => `{"success": true, "clean": true, "reasons": "header was ${String(auth)}", "issues": ["${KEY}"]}`;
    server = await startFakeOpenAI((req) => echo(req.headers.authorization));
    const input = episode(3, { goal: `Open settings (key ${KEY})` });
    const verdict = await vlmJudge(clientFor(server), input);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    const saved = JSON.stringify(verdict);
    expect(saved).not.toContain(KEY);
    expect(saved).not.toContain('data:image');
    expect(verdict.reasons).toBe('header was Bearer ***');
    expect(verdict.issues).toEqual(['***']);

    await server.close();
    server = await startFakeOpenAI((req) => `no JSON here, only ${String(req.headers.authorization)}`);
    const error = (await vlmJudge(clientFor(server), input).catch((e: unknown) => e)) as VlmJudgeError;
    expect(error).toBeInstanceOf(VlmJudgeError);
    expect(JSON.stringify({ message: error.message, raw: error.raw, prompt: error.prompt })).not.toContain(KEY);
  });
});

describe('judgeAgreement', () => {
  const ok = { success: true, clean: true };
  it('counts agreement on both decisions, and judge failures apart', () => {
    expect(
      judgeAgreement([
        { key: 'chat_SendMessage', state: ok, vlm: ok },
        { key: 'chat_MuteChat', state: { success: true, clean: false }, vlm: ok },
        { key: 'clock_SetAlarm', state: { success: false, clean: true }, vlm: { success: true, clean: false } },
        { key: 'notes_Query', state: { success: false, clean: true }, vlm: { success: false, clean: true } },
        { key: 'notes_Create', state: ok, vlm: null },
      ]),
    ).toEqual({
      compared: 4,
      agree: 2,
      rate: 0.5,
      success_agree: 3,
      clean_agree: 2,
      vlm_failed: 1,
      disagreements: [
        { key: 'chat_MuteChat', state: { success: true, clean: false }, vlm: { success: true, clean: true } },
        { key: 'clock_SetAlarm', state: { success: false, clean: true }, vlm: { success: true, clean: false } },
      ],
    });
  });

  it('has no rate when nothing could be compared, and keeps only the decisions', () => {
    expect(judgeAgreement([{ key: 'a', state: ok, vlm: null }])).toEqual({ compared: 0, agree: 0, rate: null, success_agree: 0, clean_agree: 0, vlm_failed: 1, disagreements: [] });
    const full = { success: true, clean: false, passed: false, progress: 1 };
    expect(judgeAgreement([{ key: 'b', state: full, vlm: ok }]).disagreements).toEqual([{ key: 'b', state: { success: true, clean: false }, vlm: ok }]);
  });
});
