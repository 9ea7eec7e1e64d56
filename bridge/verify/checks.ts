/** The checks \`phonegym verify\` makes of every task instance, in the order it reports them (docs/verify.md). */
export const CHECKS = ['oracle', 'noop', 'initial', 'stray', 'reproducible'] as const;
export type CheckName = (typeof CHECKS)[number];
