/** The answer sheet has one screen, at `/`. Pure. */
export const ANSWERS_ROOT = '/';

/** Any path opens the one screen (an unknown path shows it too, with back going home). */
export function answersRouteStack(_path: string): string[] {
  return [ANSWERS_ROOT];
}
