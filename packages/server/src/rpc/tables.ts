/** The rows of calls made with an idempotency key (migration 0021). */
interface IdempotentCallRow {
  user_id: string;
  /** The client's key: the same change sent again carries the same one. */
  call_key: string;
  method: string;
  /** The first answer, binary wire format in base64; '' for an empty answer. */
  answer: string;
  created_at: number;
}

export interface IdempotencyTables {
  idempotent_calls: IdempotentCallRow;
}
