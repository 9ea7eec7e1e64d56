/**
 * The part of `/system/bin/sh` (mksh) that adb clients lean on: words with single quotes,
 * double quotes and backslash escapes, lists joined by `;`, `&&` and `||`, and redirections
 * to /dev/null or between stdout and stderr (`echo && screencap -p 2>/dev/null` is adbkit's
 * screenshot probe). No variables, globs, pipes or subshells: a line that needs them is refused
 * with a sentence, never run half-understood. Also what every command gets: its output
 * channels (`CommandIo`) and the error that is its failure (`CommandError`).
 */

export class ShellSyntaxError extends Error {
  override name = 'ShellSyntaxError';
}

/** A command's own output channels, after its redirections. */
export interface CommandIo {
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
}

/** A command failed the way Android's would: this message on stderr, this exit status. */
export class CommandError extends Error {
  override name = 'CommandError';
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
  }
}

/** How a simple command joins the one before it (the first one's is `;`). */
export type Connector = ';' | '&&' | '||';

/** Where a command's stdout (1) and stderr (2) go: the stream's own fd, or nowhere. */
export type FdTarget = 1 | 2 | null;

export interface SimpleCommand {
  argv: string[];
  connector: Connector;
  fds: { 1: FdTarget; 2: FdTarget };
}

const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>']);
const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** One word from `i`: quotes removed, escapes applied. `quoted` says any part was quoted. */
function readWord(s: string, start: number): { text: string; end: number; quoted: boolean } {
  let text = '';
  let quoted = false;
  let i = start;
  while (i < s.length && !isBlank(s[i]!) && !OPERATOR_CHARS.has(s[i]!)) {
    const c = s[i]!;
    if (c === "'") {
      const close = s.indexOf("'", i + 1);
      if (close < 0) throw new ShellSyntaxError("syntax error: unterminated quoted string (a ' has no closing ')");
      text += s.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else if (c === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= s.length) throw new ShellSyntaxError('syntax error: unterminated quoted string (a " has no closing ")');
        const d = s[i]!;
        if (d === '"') break;
        // Inside double quotes a backslash escapes only these; before anything else it stays.
        if (d === '\\' && i + 1 < s.length && '$`"\\\n'.includes(s[i + 1]!)) {
          if (s[i + 1] !== '\n') text += s[i + 1];
          i += 2;
        } else {
          text += d;
          i++;
        }
      }
      i++;
    } else if (c === '\\') {
      quoted = true;
      if (i + 1 < s.length && s[i + 1] !== '\n') text += s[i + 1];
      i += 2;
    } else {
      text += c;
      i++;
    }
  }
  return { text, end: i, quoted };
}

/** The line as simple commands in order; throws ShellSyntaxError on what this shell cannot run. */
export function parseCommandLine(line: string): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  let current: SimpleCommand = { argv: [], connector: ';', fds: { 1: 1, 2: 2 } };
  let i = 0;
  const s = (k: number) => line[k];
  const finish = (next: Connector) => {
    if (!current.argv.length) throw new ShellSyntaxError(`syntax error: '${next}' unexpected`);
    out.push(current);
    current = { argv: [], connector: next, fds: { 1: 1, 2: 2 } };
  };
  const redirect = (fd: 1 | 2) => {
    i++; // the '>'
    if (s(i) === '>') i++; // `>>` appends; to /dev/null that is the same
    while (i < line.length && isBlank(line[i]!)) i++;
    if (s(i) === '&') {
      const to = line[i + 1];
      if (to !== '1' && to !== '2') throw new ShellSyntaxError(`syntax error: ${fd}>& needs 1 or 2`);
      current.fds[fd] = current.fds[Number(to) as 1 | 2];
      i += 2;
      return;
    }
    const target = readWord(line, i);
    if (!target.text) throw new ShellSyntaxError(`syntax error: a redirection of fd ${fd} has no target`);
    if (target.text !== '/dev/null') throw new ShellSyntaxError(`redirection to ${target.text} is not supported by the phonegym virtual device (only to /dev/null, 2>&1 and 1>&2)`);
    current.fds[fd] = null;
    i = target.end;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (isBlank(c)) i++;
    else if (c === '#' && (i === 0 || isBlank(line[i - 1]!) || OPERATOR_CHARS.has(line[i - 1]!))) break; // a comment
    else if (line.startsWith('&&', i)) (finish('&&'), (i += 2));
    else if (line.startsWith('||', i)) (finish('||'), (i += 2));
    else if (c === ';') (finish(';'), i++);
    else if (c === '|') throw new ShellSyntaxError('pipes are not supported by the phonegym virtual device: run each command on its own');
    else if (c === '&') throw new ShellSyntaxError('background jobs (&) are not supported by the phonegym virtual device');
    else if (c === '<') throw new ShellSyntaxError('input redirection (<) is not supported by the phonegym virtual device');
    else if (c === '>') redirect(1);
    else {
      const w = readWord(line, i);
      // `2>/dev/null`: an unquoted lone digit right before '>' names the fd.
      if (!w.quoted && (w.text === '1' || w.text === '2') && s(w.end) === '>') {
        i = w.end;
        redirect(Number(w.text) as 1 | 2);
      } else {
        current.argv.push(w.text);
        i = w.end;
      }
    }
  }
  if (current.argv.length) out.push(current);
  // `a;` is a whole line; `a &&` is not.
  else if (current.connector !== ';') throw new ShellSyntaxError(`syntax error: the line ends after '${current.connector}'`);
  return out;
}
