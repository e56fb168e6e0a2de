/** The ICS feed's secret per user (docs/ics-feed-and-apple-calendar.md). Instants int8 ms. */
type IcsFeedRow = {
  user_id: string;
  /** SHA-256 of the URL's secret, hex: how a request finds its feed. */
  secret_hash: string;
  /** The secret sealed with the server's SecretBox, so Settings can show the URL again. */
  secret_sealed: string;
  created_at: number;
};

export type IcsFeedTables = {
  ics_feeds: IcsFeedRow;
};
