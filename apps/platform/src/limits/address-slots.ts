/**
 * Open connections per address key (address-key.ts), at most `cap` each: `take` counts one in,
 * or answers undefined when its key is full. What it returns gives the slot back; a second call
 * does nothing, so a socket that reports its close twice cannot free a neighbour's slot. A key
 * with nothing open is forgotten, so it holds nothing for addresses that have gone.
 */
export class AddressSlots {
  readonly #cap: number;
  readonly #open = new Map<string, number>();

  constructor(cap: number) {
    this.#cap = cap;
  }

  take(key: string): (() => void) | undefined {
    const open = this.#open.get(key) ?? 0;
    if (open >= this.#cap) return undefined;
    this.#open.set(key, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(key) ?? 1) - 1;
      if (left > 0) this.#open.set(key, left);
      else this.#open.delete(key);
    };
  }

  /** How many `key` holds now. */
  count(key: string): number {
    return this.#open.get(key) ?? 0;
  }
}
