/**
 * What an intake keeps for the testing hooks to read: the newest entries, at most `maxEntries`
 * of them and `maxBytes` of their bodies together, so that no stream of posts (500 of 1 MiB
 * each) grows the platform's heap past a bound it states.
 */
export class BoundedLog<T> {
  private readonly items: { value: T; bytes: number }[] = [];
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  push(value: T, bytes: number): void {
    this.items.push({ value, bytes });
    this.total += bytes;
    while (this.items.length > this.maxEntries || (this.total > this.maxBytes && this.items.length > 0)) {
      this.total -= this.items.shift()!.bytes;
    }
  }

  get bytes(): number {
    return this.total;
  }

  values(): T[] {
    return this.items.map((item) => item.value);
  }

  clear(): void {
    this.items.length = 0;
    this.total = 0;
  }
}
