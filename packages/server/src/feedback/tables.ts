/** Rows of the feedback domain. Instants int8 ms. */
// Type aliases, not interfaces: Kysely's withTables needs their implicit index signature.
export type FeedbackRow = {
  user_id: string;
  feedback_id: string;
  created_at: number;
  /** The reply address the sender gave ('' when left empty). */
  email: string;
  comment: string;
  /** The app version that served the form. */
  app_version: string;
};

export type FeedbackTables = {
  feedback: FeedbackRow;
};
