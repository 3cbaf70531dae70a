/**
 * A token bucket: `capacity` tokens, refilled at `perSecond`; each action takes one. It lets a
 * well-behaved client's bursts through (a pusher-js client subscribing to its channels at
 * once) and stops a flood at the refill rate. Time comes from `now` (ms), so tests drive it.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  /** Takes a token; false when there is none (the action is refused). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: nothing to remember about this key. */
  get idle(): boolean {
    return this.tokens + ((this.now() - this.at) / 1000) * this.perSecond >= this.capacity;
  }
}

/**
 * One bucket per key (a client address), in a map that never grows past `maxKeys`: when it is
 * full, buckets that have filled up again are forgotten first, then the oldest.
 */
export class KeyedRateLimit {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number,
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.evict();
      bucket = new TokenBucket(this.capacity, this.perSecond, this.now);
      this.buckets.set(key, bucket);
    }
    return bucket.take();
  }

  get size(): number {
    return this.buckets.size;
  }

  private evict(): void {
    for (const [key, bucket] of this.buckets) if (bucket.idle) this.buckets.delete(key);
    // Still full: the oldest go (a flood from many addresses costs them their history, not us memory).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}
