/**
 * Secrets kept out of everything phonegym writes. Every API key the process reads (an agent's or
 * the VLM judge's, from the environment variable its flag names) is registered here, and every
 * file the run writes and every console line passes through `scrub`: so a key cannot reach a
 * result row, a trajectory, a saved prompt or a log, even when a model service echoes it back.
 */
const secrets = new Set<string>();

/** Remember `value` as a secret (values shorter than 8 characters are too generic to scrub safely). */
export function registerSecret(value: string | null | undefined): void {
  if (value && value.length >= 8) secrets.add(value);
}

/** `text` with every registered secret, and anything after `Bearer `, replaced by `***`. */
export function scrub(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
  return out.replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1***');
}

/** How many secrets are registered (for tests). */
export function secretCount(): number {
  return secrets.size;
}
