/**
 * Every `error_code` a result row can carry, with the status it goes with and what it means
 * (docs/errors.md is generated from nothing else: a test checks the two agree). Seed 004: what
 * failed on the machine's side (the env, the model service) is a `run_error`; what failed in
 * judging is an `eval_error` and never counts as the agent failing the task; what the agent did
 * wrong is a `completed` row that did not succeed.
 */
import type { EpisodeStatus } from '../protocol/runFolder.ts';

export interface ErrorCodeInfo {
  status: EpisodeStatus;
  /** Retried by `--retries` (an infrastructure error that a fresh attempt may not meet). */
  retried: boolean;
  meaning: string;
}

export const ERROR_CODES: Readonly<Record<string, ErrorCodeInfo>> = {
  // The environment.
  page_crashed: { status: 'run_error', retried: true, meaning: 'the phone page’s renderer crashed' },
  page_closed: { status: 'run_error', retried: true, meaning: 'the phone page was closed during the episode' },
  browser_crashed: { status: 'run_error', retried: true, meaning: 'the browser holding the page died' },
  device_disconnected: { status: 'run_error', retried: true, meaning: 'the phone page’s connection to the bridge dropped' },
  connection_closed: { status: 'run_error', retried: true, meaning: 'a call to the phone was cut off by its socket closing' },
  env_start: { status: 'run_error', retried: true, meaning: 'a phone page did not load or connect' },
  env_error: { status: 'run_error', retried: true, meaning: 'the env failed in another way (the message says how)' },
  timeout: { status: 'run_error', retried: true, meaning: 'a call to the phone got no answer in time' },
  teardown_error: { status: 'run_error', retried: false, meaning: 'the task’s teardown hook threw' },
  interaction_error: { status: 'run_error', retried: false, meaning: 'an interactive task’s script threw, or sent an event the phone refused' },
  // A phone over ADB (docs/devices.md).
  device_lost: { status: 'run_error', retried: true, meaning: 'the phone went away mid-episode (unplugged, adb lost it): the run goes on with the others' },
  device_timeout: { status: 'run_error', retried: true, meaning: 'an adb command to the phone got no answer in time' },
  device_no_ime: { status: 'run_error', retried: false, meaning: 'the step types text input text cannot and the ADB keyboard is not installed (docs/devices.md)' },
  device_no_app: { status: 'run_error', retried: false, meaning: 'the phone has no app of the package the step opens' },
  // The model service (the agent's endpoint): the machine's side, not the agent's.
  model_rate_limited: { status: 'run_error', retried: true, meaning: 'the model service kept answering 429 after the client’s own retries' },
  model_server_error: { status: 'run_error', retried: true, meaning: 'the model service kept answering 5xx after the client’s own retries' },
  model_timeout: { status: 'run_error', retried: true, meaning: 'the model service did not answer within --model-timeout, retries included' },
  model_unreachable: { status: 'run_error', retried: true, meaning: 'the model service could not be reached (refused, reset, DNS)' },
  model_bad_response: { status: 'run_error', retried: true, meaning: 'the model service answered 200 with something that is not a chat completion, or with a body over the 8 MB a reply may have' },
  model_auth: { status: 'run_error', retried: false, meaning: 'the model service refused the key (401/403): check the variable named by --api-key-env' },
  model_not_found: { status: 'run_error', retried: false, meaning: 'the model service does not know the URL or the model (404): check --base-url and --model-name' },
  model_bad_request: { status: 'run_error', retried: false, meaning: 'the model service refused the request (400/422), e.g. images not supported or the context too long' },
  // A remote agent (an agent in another process, docs/remote-agents.md).
  remote_agent_absent: { status: 'run_error', retried: false, meaning: 'no remote agent connected to the bridge in time' },
  remote_agent_silent: { status: 'run_error', retried: false, meaning: 'the remote agent stopped answering turns' },
  // The agent's own failures: the episode is judged as it stands and fails.
  agent_error: { status: 'completed', retried: false, meaning: 'the agent threw (a bug in the agent, not the machine)' },
  format_error: { status: 'completed', retried: false, meaning: 'the agent’s reply could not be read as an action (the raw reply is in the trajectory)' },
  // Judging.
  judge_error: { status: 'eval_error', retried: false, meaning: 'the state judge could not judge (a malformed state or task check)' },
  eval_error: { status: 'eval_error', retried: false, meaning: 'a task’s goal check threw' },
  sampling_error: { status: 'eval_error', retried: false, meaning: 'the task could not draw its parameters for this seed (its sampler picked nothing, its source held no record): a bug in the task, named with the seed' },
  vlm_judge_bad_reply: { status: 'eval_error', retried: false, meaning: 'the VLM judge’s reply could not be read as a verdict' },
  judge_model_error: { status: 'eval_error', retried: false, meaning: 'the VLM judge’s model service failed (after its retries)' },
  // Limits and interruptions.
  episode_timeout: { status: 'timeout', retried: false, meaning: 'the episode ran longer than --episode-timeout' },
  cancelled: { status: 'cancelled', retried: false, meaning: 'the run was interrupted while the episode was in flight (not rated)' },
  // Preflight: the task cannot run here.
  no_judge_model: { status: 'rejected', retried: false, meaning: 'the task needs a VLM judge and none is configured (--judge-model, --judge-base-url)' },
  no_device: { status: 'rejected', retried: false, meaning: 'the task needs a real device and none is connected' },
  session_isolation: { status: 'rejected', retried: false, meaning: 'the task is a session template (episodes that follow one another on one phone) and the manifest\'s isolation is not "persistent" (phonegym.toml, [env] isolation)' },
  no_state: { status: 'rejected', retried: false, meaning: 'the task needs the phone\'s state tree (a setup written into it, the state judge, a scripted contact, a grounded answer sheet) and the run\'s phones have none (real phones)' },
};

/** Codes `--retries` runs again. */
export const RETRIED_CODES: ReadonlySet<string> = new Set(Object.entries(ERROR_CODES).filter(([, v]) => v.retried).map(([k]) => k));

/** Statuses that say the machine, the model service or the judge failed, not the agent. */
export const INFRA_STATUSES: ReadonlySet<EpisodeStatus> = new Set(['run_error', 'eval_error', 'rejected']);
