/**
 * Failures queued for `GET /viewer/v1/token`, so client tests can prove the token query's
 * retry rule (SPEC §8: retried only on statuses above 500 and network failures): queue
 * `{status: 502, count: 2}` and the third attempt succeeds; queue a 401 and there is no second.
 * Faults are used in order, each for `count` requests.
 */

export interface TokenFault {
  status: number;
  /** Requests it still fails. */
  remaining: number;
}

export type TokenFaultParse = { ok: true; fault: TokenFault } | { ok: false; message: string };

const MAX_COUNT = 1000;

export function parseTokenFault(body: unknown): TokenFaultParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Body must be a JSON object {status, count?}' };
  }
  const { status, count = 1, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { ok: false, message: `Unknown field "${unknown}"` };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return { ok: false, message: '"status" must be an HTTP error status (400-599)' };
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    return { ok: false, message: `"count" must be an integer from 1 to ${MAX_COUNT}` };
  }
  return { ok: true, fault: { status, remaining: count } };
}

export class TokenFaults {
  readonly #queue: TokenFault[] = [];

  add(fault: TokenFault): void {
    this.#queue.push({ ...fault });
  }

  /** The status the next token request must fail with, using it up; undefined: answer normally. */
  take(): number | undefined {
    const fault = this.#queue[0];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#queue.shift();
    return fault.status;
  }

  list(): TokenFault[] {
    return this.#queue.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queue.length = 0;
  }
}
