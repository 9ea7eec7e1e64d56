/** The 答题卡 (answer sheet) app's slice, `state.apps.answers`: plain JSON. See ./README.md. */
export type AnswerFieldType = 'text' | 'number' | 'date' | 'time' | 'choice';
export interface AnswerField { id: string; label: string; hint: string; type: AnswerFieldType; choices?: string[] }
export interface AnswerSheet { taskId: string; question: string; fields: AnswerField[] }
export interface AnswersState {
  sheet: AnswerSheet | null;              // null: no task needs an answer
  values: Record<string, string>;         // what is typed/chosen so far, by field id ('' when empty); kept while the app is closed
  infeasible: boolean;                    // the "这个任务无法完成" switch
  reason: string;                         // why it cannot be done (only meaningful when infeasible)
  submitted: null | { values: Record<string, string>; infeasible: boolean; reason: string; at: number };  // at = virtual clock ms
}
