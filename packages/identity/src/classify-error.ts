import {
  IDENTIFICATION_ERRORS,
  IDENTIFICATION_ERROR_KINDS,
  kindForStatus,
  type IdentificationErrorKind,
  type IdentificationLogLevel,
} from './error-kinds.ts';

/**
 * Turns whatever an identification attempt rejected with into one of SPEC §8's kinds. Pure.
 *
 * Evidence is read from the most to the least deliberate, so a well-behaved agent is never
 * second-guessed by a heuristic:
 * 1. `error.code` (or `error.data.code`): the agent's machine code;
 * 2. `error.message` equal to a kind's agent message (case-insensitive);
 * 3. `error.name` of the platform's own exceptions: TimeoutError, AbortError, SyntaxError (JSON);
 * 4. browser wording in the message (fetch, dynamic import and CSP failures differ per engine);
 * 5. `error.status`: the endpoint's HTTP status (401/403 key, 429 rate limit, other: failed);
 * 6. `error.cause`, classified the same way;
 * and anything else is 'request-failed'.
 */

export interface IdentificationErrorClass {
  kind: IdentificationErrorKind;
  level: IdentificationLogLevel;
  message: string;
}

const BY_CODE = new Map<string, IdentificationErrorKind>();
const BY_MESSAGE = new Map<string, IdentificationErrorKind>();
for (const kind of IDENTIFICATION_ERROR_KINDS) {
  const info = IDENTIFICATION_ERRORS[kind];
  BY_MESSAGE.set(info.message.toLowerCase(), kind);
  for (const code of info.codes) BY_CODE.set(code, kind);
}

const BY_NAME: Readonly<Record<string, IdentificationErrorKind>> = {
  TimeoutError: 'client-timeout',
  AbortError: 'request-aborted',
  SyntaxError: 'response-unparseable',
};

/** Order matters: Chromium's "Failed to fetch dynamically imported module" is a load failure, not a network one. */
const MESSAGE_PATTERNS: ReadonlyArray<readonly [RegExp, IdentificationErrorKind]> = [
  [/content security policy|\bcsp\b/i, 'csp-blocked'],
  [
    /dynamically imported module|importing a module script failed|failed to resolve module|not a valid javascript mime type/i,
    'agent-load-failed',
  ],
  [/rate limit|too many requests/i, 'too-many-requests'],
  [/\btimed? ?out\b/i, 'client-timeout'],
  [/failed to fetch|load failed|networkerror|network error|network request failed/i, 'network-connection'],
  [/\babort(ed)?\b/i, 'request-aborted'],
  [/\bjson\b|unexpected token|unexpected end of/i, 'response-unparseable'],
  [/invalid url|not a valid url/i, 'invalid-endpoint'],
];

const MAX_CAUSE_DEPTH = 3;

export function classifyIdentificationError(error: unknown): IdentificationErrorClass {
  const kind = kindOf(error, 0);
  return {
    kind,
    level: IDENTIFICATION_ERRORS[kind].level,
    message: messageOf(error) ?? IDENTIFICATION_ERRORS[kind].message,
  };
}

function kindOf(error: unknown, depth: number): IdentificationErrorKind {
  if (typeof error === 'string') return kindOfMessage(error) ?? 'request-failed';
  if (typeof error !== 'object' || error === null) return 'request-failed';

  const code = stringField(error, 'code') ?? stringField(objectField(error, 'data'), 'code');
  const byCode = code === undefined ? undefined : BY_CODE.get(code.toLowerCase());
  if (byCode) return byCode;

  const message = stringField(error, 'message');
  const exact = message === undefined ? undefined : BY_MESSAGE.get(message.trim().toLowerCase());
  if (exact) return exact;

  const name = stringField(error, 'name');
  const byName = name === undefined ? undefined : BY_NAME[name];
  if (byName) return byName;

  const byWording = message === undefined ? undefined : kindOfMessage(message);
  if (byWording) return byWording;

  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400) return kindForStatus(status);

  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_CAUSE_DEPTH) return kindOf(cause, depth + 1);
  return 'request-failed';
}

function kindOfMessage(message: string): IdentificationErrorKind | undefined {
  const exact = BY_MESSAGE.get(message.trim().toLowerCase());
  if (exact) return exact;
  return MESSAGE_PATTERNS.find(([pattern]) => pattern.test(message))?.[1];
}

function messageOf(error: unknown): string | undefined {
  const message = typeof error === 'string' ? error : stringField(error, 'message');
  return message === undefined || message.trim() === '' ? undefined : message;
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

function objectField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
