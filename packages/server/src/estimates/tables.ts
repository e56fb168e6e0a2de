/**
 * The estimate a person gave a task, kept apart from tasks.time_scheduled, which auto-extend
 * raises and marking done sets to 0 (docs/shares-and-estimates.md). Instants int8 ms.
 */
type TaskEstimateRow = {
  user_id: string;
  task_id: string;
  estimate: number;
  updated_at: number;
};

export type EstimatesTables = {
  task_estimates: TaskEstimateRow;
};
