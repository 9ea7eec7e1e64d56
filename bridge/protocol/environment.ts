/** The environment a run ran in, as its run folder records it (phonegym.toml: bridge/manifest). */

/** meta.json's `environment`: the manifest as the run used it. Forwarded variables by name only, never a value. */
export interface EnvironmentMeta {
  id: string;
  /** The root manifest's name@version. */
  manifest: string;
  /** The task root's name@version when it has a phonegym.toml of its own. */
  task_root: string | null;
  isolation: string;
  state_backend: string;
  forward_env: string[];
  services: { name: string; kind: string; ready: string }[];
}

/** The env id of a run folder's meta.json, or null for a folder written before the manifest. */
export function envIdOfMeta(meta: { env?: unknown }): string | null {
  return typeof meta.env === 'string' ? meta.env : null;
}
