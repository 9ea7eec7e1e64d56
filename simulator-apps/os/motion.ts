/**
 * Whether the phone animates. Off for agent pages and tests (every duration is 0, so a
 * screenshot right after an action is final); on for people using the phone.
 */
let enabled = false;

export function setMotion(on: boolean): void {
  enabled = on;
}

export function motionEnabled(): boolean {
  return enabled;
}

/** `ms` when motion is on, else 0. */
export function motionMs(ms: number): number {
  return enabled ? ms : 0;
}
