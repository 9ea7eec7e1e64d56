/** The answer sheet's initial slice: no task needs an answer (the framework puts a sheet in at task setup). */
export { createAnswersState } from './logic.ts';
