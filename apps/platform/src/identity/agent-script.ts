/**
 * The device-identification agent the platform serves at `GET /device-id/agent.js`: a small,
 * real ES module, shaped like the common commercial agents so the embed's adapter
 * (packages/identity) cannot tell it from one:
 *
 *   const agent = await load({ apiKey, endpoint });            // rejects on an invalid endpoint
 *   const { requestId, visitorId } = await agent.get({ timeout });
 *
 * `get()` POSTs `{ apiKey, url }` as JSON to the endpoint with the page's cookies (same origin)
 * and rejects with an Error carrying a machine `code` (and `status` when the endpoint answered),
 * whose message is the agent message of SPEC §8's kind. It is plain JavaScript text, not a
 * module of this app, because the browser runs it as it is: no build step between.
 */

export const AGENT_PATH = '/device-id/agent.js';
export const AGENT_VERSION = '1.0.0';

export const AGENT_SCRIPT = `// OnAir device-identification agent ${AGENT_VERSION} (local stand-in, served first-party).
export const version = '${AGENT_VERSION}';

const MESSAGES = {
  api_key_missing: 'API key required',
  api_key_invalid: 'API key not found',
  api_key_expired: 'API key expired',
  client_timeout: 'Client timeout',
  network_error: 'Network connection error',
  network_abort: 'Network request aborted',
  response_cannot_be_parsed: 'Response cannot be parsed',
  invalid_endpoint: 'The endpoint parameter is not a valid URL',
  too_many_requests: 'Too many requests, rate limit exceeded',
  origin_not_available: 'Not available for this origin',
  restricted_header: 'Not available with restricted header',
  request_cannot_be_parsed: 'Request cannot be parsed',
  failed: 'Request failed',
};

function agentError(code, status) {
  const known = Object.prototype.hasOwnProperty.call(MESSAGES, code);
  const error = new Error(known ? MESSAGES[code] : MESSAGES.failed);
  error.name = 'DeviceIdError';
  error.code = known ? code : 'failed';
  if (status) error.status = status;
  return error;
}

// A proxy or CDN in front of the service answers without our error body.
function codeForStatus(status) {
  if (status === 401) return 'api_key_missing';
  if (status === 403) return 'api_key_invalid';
  if (status === 429) return 'too_many_requests';
  return 'failed';
}

function pageUrl() {
  return typeof location === 'undefined' ? undefined : location.href;
}

export function load(options) {
  const { apiKey, endpoint } = options || {};
  let url = null;
  try {
    url = new URL(endpoint, pageUrl());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return Promise.reject(agentError('invalid_endpoint'));
  }
  const endpointUrl = url.href;
  return Promise.resolve(Object.freeze({ get: (getOptions) => identify(apiKey, endpointUrl, getOptions || {}) }));
}

async function identify(apiKey, endpoint, options) {
  if (typeof apiKey !== 'string' || apiKey === '') throw agentError('api_key_missing');
  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = Number(options.timeout);
  const timer = timeoutMs > 0 ? setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs) : undefined;
  try {
    let response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey, url: pageUrl() ?? null }),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw agentError('client_timeout');
      throw agentError(error && error.name === 'AbortError' ? 'network_abort' : 'network_error');
    }
    let body = null;
    try {
      body = await response.json();
    } catch {
      if (timedOut) throw agentError('client_timeout');
      if (response.ok) throw agentError('response_cannot_be_parsed', response.status);
    }
    if (!response.ok) {
      const code = body && body.data && typeof body.data.code === 'string' ? body.data.code : codeForStatus(response.status);
      throw agentError(code, response.status);
    }
    if (!body || typeof body.requestId !== 'string' || typeof body.visitorId !== 'string') {
      throw agentError('response_cannot_be_parsed', response.status);
    }
    return { requestId: body.requestId, visitorId: body.visitorId };
  } finally {
    clearTimeout(timer);
  }
}
`;
