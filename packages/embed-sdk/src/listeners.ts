import type { EmbedEvent } from './protocol.ts';
import type { EventName } from './inbound.ts';

/** The payload of one event, inferred from its name: `on('volume', (e) => e.muted)`. */
export type EventOf<E extends EventName> = Extract<EmbedEvent, { event: E }>;
export type Listener<E extends EventName> = (event: EventOf<E>) => void;

type AnyListener = (event: EmbedEvent) => void;

/**
 * The host's listeners by event name. A listener that throws is reported (`report`) and the
 * others still run: one broken handler on a host page must not silence the rest.
 */
export class Listeners {
  private readonly byName = new Map<EventName, Set<AnyListener>>();

  constructor(private readonly report: (error: unknown) => void) {}

  add<E extends EventName>(name: E, listener: Listener<E>): void {
    let set = this.byName.get(name);
    if (!set) this.byName.set(name, (set = new Set()));
    set.add(listener as AnyListener);
  }

  remove<E extends EventName>(name: E, listener: Listener<E>): void {
    this.byName.get(name)?.delete(listener as AnyListener);
  }

  emit(event: EmbedEvent): void {
    // A copy: a listener that adds or removes listeners changes the next event, not this one.
    for (const listener of [...(this.byName.get(event.event) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        this.report(error);
      }
    }
  }

  clear(): void {
    this.byName.clear();
  }
}
