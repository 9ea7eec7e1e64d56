/**
 * The answer sheet's actions: each applies a pure rule from ./logic.ts to the phone's state
 * through `phone.update` (which bumps the revision). Screens call these; they never write the state.
 */
import { AppModel } from '../os/appModel.ts';
import type { Phone } from '../os/phone.svelte.ts';
import * as rules from './logic.ts';
import { ANSWERS_APP_ID } from './logic.ts';
import type { AnswersState } from './types.ts';

export class AnswersModel extends AppModel<AnswersState> {
  constructor(phone: Phone) {
    super(phone, ANSWERS_APP_ID);
  }

  get canSubmit(): boolean {
    const d = this.data;
    return d !== undefined && rules.canSubmit(d);
  }

  value(fieldId: string): string {
    const d = this.data;
    return d ? rules.valueOf(d, fieldId) : '';
  }

  setValue(fieldId: string, value: string): void {
    if (!this.data || this.value(fieldId) === value) return;
    this.mutate((s) => rules.setValue(s, fieldId, value));
  }

  setInfeasible(infeasible: boolean): void {
    if (!this.data || this.data.infeasible === infeasible) return;
    this.mutate((s) => rules.setInfeasible(s, infeasible));
  }

  setReason(reason: string): void {
    if (!this.data || this.data.reason === reason) return;
    this.mutate((s) => rules.setReason(s, reason));
  }

  /** Records the submission and shows the 已提交 toast; false when the sheet is not ready. */
  submit(): boolean {
    if (!this.canSubmit) return false;
    const now = this.phone.now;
    const ok = this.mutate((s) => rules.submit(s, now));
    if (ok) this.phone.toast('已提交');
    return ok;
  }
}
