/** Short content hashes that name what a run ran: the task set, and the environment (with its manifest). */

/** A short stable hash (FNV-1a, 64 bits as hex) of a string: enough to tell task sets apart. */
export function shortHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
}

/** The task set's identity: every task id with its file's hash, in order. */
export function taskSetHash(taskFiles: Record<string, string>): string {
  return shortHash(
    Object.keys(taskFiles)
      .sort()
      .map((k) => `${k}=${taskFiles[k]}`)
      .join('\n'),
  );
}
