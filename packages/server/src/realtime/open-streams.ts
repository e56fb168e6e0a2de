/** One open event stream, as the registry knows it. */
export interface OpenStream {
  readonly userId: string;
  readonly sessionId: string;
  /** Ends the response; the stream's own close handler then removes it. */
  end(): void;
}

/**
 * The event streams open in this process, by user: caps how many one user holds here (each
 * costs a socket and a subscription; the cap over every node is stream-slots.ts') and finds
 * them when their session ends or the server stops.
 */
export class OpenStreams {
  private readonly byUser = new Map<string, Set<OpenStream>>();

  constructor(private readonly maxPerUser: number) {}

  /** Registers the stream; false (and nothing registered) when the user is at the cap. */
  add(stream: OpenStream): boolean {
    const mine = this.byUser.get(stream.userId) ?? new Set<OpenStream>();
    if (mine.size >= this.maxPerUser) return false;
    mine.add(stream);
    this.byUser.set(stream.userId, mine);
    return true;
  }

  remove(stream: OpenStream): void {
    const mine = this.byUser.get(stream.userId);
    if (!mine?.delete(stream)) return;
    if (mine.size === 0) this.byUser.delete(stream.userId);
  }

  ofUser(userId: string): OpenStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** How many streams are open in this process. */
  count(): number {
    let total = 0;
    for (const mine of this.byUser.values()) total += mine.size;
    return total;
  }

  endAll(): void {
    for (const mine of [...this.byUser.values()]) for (const stream of [...mine]) stream.end();
  }
}
