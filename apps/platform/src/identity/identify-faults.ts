/**
 * Failures queued for `POST /device-id/identify` through `POST /admin/device-id/faults`, so
 * browser tests can make the identification service fail or hang: `{status: 429}` answers the
 * next request with a rate-limit error, `{delayMs: 25000}` holds it past the client's timeout,
 * both together delay and then fail. Faults are used in order, each for `count` requests.
 */

export interface IdentifyFault {
  /** HTTP error status to answer with; absent: answer normally (after the delay). */
  status?: number;
  delayMs: number;
  /** Requests it still applies to. */
  remaining: number;
}

export type IdentifyFaultParse = { ok: true; fault: IdentifyFault } | { ok: false; message: string };

const MAX_COUNT = 1000;
const MAX_DELAY_MS = 120_000;

export function parseIdentifyFault(body: unknown): IdentifyFaultParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Body must be a JSON object {status?, delayMs?, count?}' };
  }
  const { status, delayMs = 0, count = 1, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { ok: false, message: `Unknown field "${unknown}"` };
  if (status !== undefined && (!isInteger(status) || status < 400 || status > 599)) {
    return { ok: false, message: '"status" must be an HTTP error status (400-599)' };
  }
  if (!isInteger(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) {
    return { ok: false, message: `"delayMs" must be an integer from 0 to ${MAX_DELAY_MS}` };
  }
  if (status === undefined && delayMs === 0) {
    return { ok: false, message: 'A fault needs "status", "delayMs" or both' };
  }
  if (!isInteger(count) || count < 1 || count > MAX_COUNT) {
    return { ok: false, message: `"count" must be an integer from 1 to ${MAX_COUNT}` };
  }
  return { ok: true, fault: { ...(status !== undefined && { status }), delayMs, remaining: count } };
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export class IdentifyFaults {
  readonly #queue: IdentifyFault[] = [];

  add(fault: IdentifyFault): void {
    this.#queue.push({ ...fault });
  }

  /** The fault the next identify request must suffer, using it up; undefined: answer normally. */
  take(): Omit<IdentifyFault, 'remaining'> | undefined {
    const fault = this.#queue[0];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#queue.shift();
    const { remaining: _remaining, ...effect } = fault;
    return effect;
  }

  list(): IdentifyFault[] {
    return this.#queue.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queue.length = 0;
  }
}
