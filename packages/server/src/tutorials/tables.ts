/** One row per user that has finished or dismissed a tutorial. */
export interface TutorialStatusRow {
  user_id: string;
  /** JSON object of tutorial name to status, as the spec keeps it (a JSON string). */
  status: string;
  updated_at: number;
}

export interface TutorialsTables {
  tutorial_status: TutorialStatusRow;
}
