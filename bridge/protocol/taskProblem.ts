/** Why a task file failed to load, as the studio shows it (the registry's load errors, on the wire). */

/** Where and why: the file at fault (the task file or a module it imports), 1-based line and column when known. */
export interface TaskProblem {
  /** As the bridge's user reads it: relative to the folder phonegym runs in, else absolute. */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** `file:line:column`, as editors and terminals link it; `short` keeps only the file's name. */
export function problemPlace(p: Pick<TaskProblem, 'file' | 'line' | 'column'>, short = false): string {
  const file = short ? p.file.split(/[\\/]/).pop()! : p.file;
  return `${file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}`;
}
