import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { Schema } from '../db/schema';
import { claimSlot, deleteNodeSlots, deleteSlot, renewNodeSlots } from './stream-slots-repository';

/** How long a slot counts without its node renewing it (a killed node's streams lapse). */
const SLOT_LEASE_MS = 90_000;
/** Renewals per lease: a node renews its slots every third of it. */
const RENEWALS_PER_LEASE = 3;

/**
 * The cap on one user's open live streams, counted in the database over every server node
 * (`stream_slots`): a stream claims a slot when it opens and gives it back when it ends. A node
 * renews the lease of all its slots in one statement now and then, so the slots of a node that
 * died without closing them stop counting once the lease runs out. Leases are on the nodes'
 * wall clocks, which should agree within seconds; a test clock does not move them.
 */
export class StreamSlots {
  /** This process, in its slots' rows. */
  readonly nodeId = randomUUID();
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly dialect: DialectName,
    private readonly maxPerUser: number,
    private readonly leaseMs = SLOT_LEASE_MS,
  ) {}

  /** A slot for one more stream of the user: its id, or undefined when the user is at the cap. */
  async claim(userId: string): Promise<string | undefined> {
    const now = Date.now();
    const streamId = randomUUID();
    const claimed = await claimSlot(this.db, this.dialect, {
      userId,
      streamId,
      nodeId: this.nodeId,
      now,
      expiresAt: now + this.leaseMs,
      maxPerUser: this.maxPerUser,
    });
    return claimed ? streamId : undefined;
  }

  /** Renews this node's slots every third of a lease until `releaseAll` (the server stops). */
  startRenewing(onError: (error: unknown) => void): void {
    this.renewTimer ??= setInterval(
      () => void this.renew().catch(onError),
      this.leaseMs / RENEWALS_PER_LEASE,
    ).unref();
  }

  async release(userId: string, streamId: string): Promise<void> {
    await deleteSlot(this.db, userId, streamId);
  }

  /** Extends the lease of every slot of this node. */
  async renew(): Promise<void> {
    await renewNodeSlots(this.db, this.nodeId, Date.now() + this.leaseMs);
  }

  /** Gives back every slot of this node (the server is stopping). */
  async releaseAll(): Promise<void> {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    await deleteNodeSlots(this.db, this.nodeId);
  }
}
