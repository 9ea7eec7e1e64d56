/** The state judge: paths and patterns, the state diff, the verdict, answer checks. Pure: imports only the protocol. */
export {
  PathSyntaxError,
  childPath,
  compilePattern,
  forEachChild,
  formatPath,
  formatSegment,
  getPath,
  matchPath,
  parsePath,
  patternReachesInto,
  projectPath,
  projectPathEntries,
  recordIds,
  resolvePath,
  segmentMatches,
  type CompiledPattern,
  type PathSegment,
  type PatternSegment,
  type ResolvedPath,
  type ResolvedStep,
} from './paths.ts';
export { comparePathSegments, diffStates, type DiffOptions } from './diff.ts';
export {
  ALWAYS_EXPECTED,
  JudgeError,
  VIRTUAL_CLOCK,
  filterUnexpectedChanges,
  judge,
  type Criterion,
  type JudgeInput,
  type JudgeSpec,
} from './judge.ts';
export { answerContains, answerMatches, extractNumbers, normalizeAnswer, type ExpectedAnswer } from './answers.ts';
