/**
 * How far the VLM judge agrees with the state judge (`--judge-mode both`): reported in
 * summary.json as `judge_agreement`. The state judge is the reference; two verdicts agree when
 * both `success` and `clean` match. Pure: plain objects in, plain JSON out.
 */
import type { JudgeAgreement, JudgeDecision, JudgePair } from '../protocol/runFolder.ts';


const decision = (d: JudgeDecision): JudgeDecision => ({ success: d.success, clean: d.clean });

export function judgeAgreement(pairs: readonly JudgePair[]): JudgeAgreement {
  const out: JudgeAgreement = { compared: 0, agree: 0, rate: null, success_agree: 0, clean_agree: 0, vlm_failed: 0, disagreements: [] };
  for (const { key, state, vlm } of pairs) {
    if (!vlm) {
      out.vlm_failed++;
      continue;
    }
    out.compared++;
    const successSame = state.success === vlm.success;
    const cleanSame = state.clean === vlm.clean;
    if (successSame) out.success_agree++;
    if (cleanSame) out.clean_agree++;
    if (successSame && cleanSame) out.agree++;
    else out.disagreements.push({ key, state: decision(state), vlm: decision(vlm) });
  }
  out.rate = out.compared ? out.agree / out.compared : null;
  return out;
}
