import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_SCRIPT,
  FAULTS_PATH,
  IDENTIFY_PATH,
  LOCAL_DEVICE_ID_API_KEY,
  registerDeviceIdentification,
} from './index.ts';

/**
 * The agent text as a browser runs it (an ES module, here in node with its global fetch)
 * against the endpoint on a real port: every failure must reach the caller as an Error with
 * the machine code and message the embed's adapter classifies (packages/identity).
 */
interface AgentModule {
  load(options: {
    apiKey?: string;
    endpoint: string;
  }): Promise<{ get(options?: { timeout?: number }): Promise<unknown> }>;
}

let app: FastifyInstance;
let other: FastifyInstance;
let base: string;
let otherBase: string;
let agentModule: AgentModule;

beforeAll(async () => {
  // The agent's keep-alive sockets and a request the timeout test abandoned must not hold up close().
  app = Fastify({ forceCloseConnections: true });
  await registerDeviceIdentification(app, { admin: true });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // Something that answers 200 with no JSON: a misrouted proxy.
  other = Fastify({ forceCloseConnections: true });
  other.post('/not-json', async (_request, reply) => reply.type('text/html').send('<html>proxy login</html>'));
  otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  agentModule = (await import(
    /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(AGENT_SCRIPT).toString('base64')}`
  )) as AgentModule;
});
afterAll(async () => {
  await app.close();
  await other.close();
});

const endpoint = () => `${base}${IDENTIFY_PATH}`;
const fault = (body: object) =>
  fetch(`${base}${FAULTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function get(apiKey: string | undefined, url = endpoint(), timeout?: number): Promise<unknown> {
  const agent = await agentModule.load({ apiKey, endpoint: url });
  return agent.get(timeout === undefined ? {} : { timeout });
}

describe('the served agent', () => {
  it('identifies through the endpoint', async () => {
    const result = await get(LOCAL_DEVICE_ID_API_KEY);
    expect(result).toEqual({
      requestId: expect.stringMatching(/^\d+\.[\w-]{6}\.[\w-]{20}\.[\w-]{43}$/),
      visitorId: expect.any(String),
    });
  });

  it.each([
    ['a wrong key', 'wrong', { code: 'api_key_invalid', message: 'API key not found', status: 403 }],
    ['no key', undefined, { code: 'api_key_missing', message: 'API key required' }],
  ])('rejects %s with the key error', async (_name, apiKey, expected) => {
    await expect(get(apiKey)).rejects.toMatchObject(expected);
  });

  it('rejects a rate limit with its code and status', async () => {
    await fault({ status: 429 });
    await expect(get(LOCAL_DEVICE_ID_API_KEY)).rejects.toMatchObject({
      code: 'too_many_requests',
      message: 'Too many requests, rate limit exceeded',
      status: 429,
    });
  });

  it('gives up after its timeout with "Client timeout"', async () => {
    await fault({ delayMs: 1_000 });
    await expect(get(LOCAL_DEVICE_ID_API_KEY, endpoint(), 100)).rejects.toMatchObject({
      code: 'client_timeout',
      message: 'Client timeout',
    });
  });

  it('rejects a 200 answer that is not JSON as unparseable', async () => {
    await expect(get(LOCAL_DEVICE_ID_API_KEY, `${otherBase}/not-json`)).rejects.toMatchObject({
      code: 'response_cannot_be_parsed',
      message: 'Response cannot be parsed',
    });
  });

  it('rejects an unreachable endpoint as a network connection error', async () => {
    const closed = Fastify();
    const closedBase = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    await expect(get(LOCAL_DEVICE_ID_API_KEY, `${closedBase}${IDENTIFY_PATH}`)).rejects.toMatchObject({
      code: 'network_error',
      message: 'Network connection error',
    });
  });

  it('refuses an endpoint that is not an http(s) URL at load', async () => {
    for (const url of ['not a url', 'ftp://example.test/identify']) {
      await expect(agentModule.load({ apiKey: 'k', endpoint: url })).rejects.toMatchObject({
        code: 'invalid_endpoint',
        message: 'The endpoint parameter is not a valid URL',
      });
    }
  });
});
