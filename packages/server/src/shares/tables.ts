/** Rows of shared analysis periods (docs/shares-and-estimates.md). Instants int8 ms. */
type StatisticsShareRow = {
  user_id: string;
  /** The public address: 32 random bytes, base64url. */
  share_id: string;
  /** The sharer's name when the share was made. */
  name: string;
  /** JSON array of frozen points; task, event and category keys are the share's label ids. */
  points: string;
  /** JSON { categories, tasks, events }: ShareLabel lists. */
  labels: string;
  created_at: number;
};

export type SharesTables = {
  statistics_shares: StatisticsShareRow;
};
