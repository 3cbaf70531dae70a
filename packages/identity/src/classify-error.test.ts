import { describe, expect, it } from 'vitest';
import { AgentProtocolError } from './agent-protocol.ts';
import { classifyIdentificationError } from './classify-error.ts';
import { IDENTIFICATION_ERRORS, IDENTIFICATION_ERROR_KINDS, type IdentificationErrorKind } from './error-kinds.ts';

/** An error as a browser agent rejects: an Error with a message and, from newer agents, a code. */
function agentError(message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), fields);
}

function domException(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

/** One real-looking error per SPEC §8 kind, without a code, so the message/status path is what is tested. */
const EXAMPLES: Record<IdentificationErrorKind, { error: unknown; level: string }> = {
  'api-key-required': { error: agentError('API key required'), level: 'error' },
  'api-key-not-found': { error: agentError('API key not found'), level: 'error' },
  'api-key-expired': { error: agentError('API key expired'), level: 'error' },
  'client-timeout': { error: agentError('Client timeout'), level: 'warn' },
  'network-connection': { error: new TypeError('Failed to fetch'), level: 'warn' },
  'request-aborted': { error: domException('AbortError', 'signal is aborted without reason'), level: 'info' },
  'response-unparseable': { error: agentError('Response cannot be parsed'), level: 'error' },
  'csp-blocked': {
    error: agentError('Refused to load the script because it violates the following Content Security Policy directive'),
    level: 'error',
  },
  'invalid-endpoint': { error: agentError('The endpoint parameter is not a valid URL'), level: 'error' },
  'agent-load-failed': {
    error: new TypeError('Failed to fetch dynamically imported module: https://embed.test/device-id/agent.js'),
    level: 'warn',
  },
  'too-many-requests': { error: agentError('Too many requests, rate limit exceeded'), level: 'warn' },
  'origin-not-available': { error: agentError('Not available for this origin'), level: 'error' },
  'restricted-header': { error: agentError('Not available with restricted header'), level: 'warn' },
  'request-failed': { error: agentError('Request failed'), level: 'warn' },
};

describe('classifyIdentificationError', () => {
  describe.each(IDENTIFICATION_ERROR_KINDS)('%s', (kind) => {
    it('is recognised from what the agent or the browser rejects with, at its log level', () => {
      const example = EXAMPLES[kind];
      expect(classifyIdentificationError(example.error)).toMatchObject({ kind, level: example.level });
    });

    it('is recognised from each of its codes, on the error or in an endpoint body', () => {
      for (const code of IDENTIFICATION_ERRORS[kind].codes) {
        expect(classifyIdentificationError(agentError('whatever the agent says', { code })).kind).toBe(kind);
        expect(classifyIdentificationError({ status: 400, data: { code } }).kind).toBe(kind);
      }
    });

    it("is recognised from the kind's agent message in any case", () => {
      const message = IDENTIFICATION_ERRORS[kind].message;
      expect(classifyIdentificationError(message.toUpperCase()).kind).toBe(kind);
      expect(classifyIdentificationError({ message: ` ${message} ` }).kind).toBe(kind);
    });
  });

  it('keeps the original message, or gives the canonical one when there is none', () => {
    expect(classifyIdentificationError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(classifyIdentificationError({ code: 'too_many_requests' }).message).toBe(
      'Too many requests, rate limit exceeded',
    );
  });

  it('prefers the code over a misleading message', () => {
    expect(classifyIdentificationError(agentError('Request failed', { code: 'api_key_expired' })).kind).toBe(
      'api-key-expired',
    );
  });

  it.each([
    [401, 'api-key-required'],
    [403, 'api-key-not-found'],
    [429, 'too-many-requests'],
    [400, 'request-failed'],
    [502, 'request-failed'],
  ] as const)('maps a bare HTTP %i of the endpoint to %s', (status, kind) => {
    expect(classifyIdentificationError(agentError('HTTP error', { status })).kind).toBe(kind);
  });

  it.each([
    ['TimeoutError', 'signal timed out', 'client-timeout'],
    ['AbortError', 'The user aborted a request.', 'request-aborted'],
    ['SyntaxError', 'Unexpected token < in JSON at position 0', 'response-unparseable'],
  ] as const)('maps the platform exception %s', (name, message, kind) => {
    expect(classifyIdentificationError(domException(name, message)).kind).toBe(kind);
  });

  it.each([
    ['NetworkError when attempting to fetch resource.', 'network-connection'],
    ['Load failed', 'network-connection'],
    ['error loading dynamically imported module', 'agent-load-failed'],
    ['Importing a module script failed.', 'agent-load-failed'],
    ['Failed to construct URL: Invalid URL', 'invalid-endpoint'],
    ['Request timed out', 'client-timeout'],
  ] as const)('recognises the browser wording "%s"', (message, kind) => {
    expect(classifyIdentificationError(new TypeError(message)).kind).toBe(kind);
  });

  it('looks through causes', () => {
    const wrapped = new Error('identification step failed', { cause: new AgentProtocolError('csp_block', 'blocked') });
    expect(classifyIdentificationError(wrapped).kind).toBe('csp-blocked');
  });

  it.each([undefined, null, 42, {}, new Error('something odd'), { code: 'no_such_code' }])(
    'falls back to request-failed for %s',
    (error) => {
      expect(classifyIdentificationError(error)).toMatchObject({ kind: 'request-failed', level: 'warn' });
    },
  );

  it('survives a cause cycle', () => {
    const error: { message: string; cause?: unknown } = { message: 'odd' };
    error.cause = error;
    expect(classifyIdentificationError(error).kind).toBe('request-failed');
  });
});
