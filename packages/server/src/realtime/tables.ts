/** A live stream open on some server node (stream-slots.ts). */
interface StreamSlotRow {
  user_id: string;
  /** Random per stream. */
  stream_id: string;
  /** Random per server process: its heartbeat renews its rows' lease. */
  node_id: string;
  /** The lease: past this instant (ms, the node's wall clock) the slot no longer counts. */
  expires_at: number;
}

export interface RealtimeTables {
  stream_slots: StreamSlotRow;
}
