import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentGetOptions, AgentLoadOptions } from './agent-protocol.ts';
import { createDeviceIdentifier, type DeviceIdentifierOptions } from './device-identifier.ts';
import { IDENTIFICATION_ERRORS, IDENTIFICATION_ERROR_KINDS } from './error-kinds.ts';
import { cacheKeyFor, type StorageLike } from './identity-cache.ts';
import { createMemoryStorage } from './memory-storage.ts';

const AGENT_URL = 'https://embed.test/device-id/agent.js';
const ENDPOINT = 'https://embed.test/device-id/identify';
const API_KEY = 'test-key';
const START = 1_800_000_000_000;

/** A scripted agent module: each `get()` takes the next answer (a value, an error, or a never-settling promise). */
function fakeAgent() {
  const answers: Array<() => Promise<unknown>> = [];
  const loads: AgentLoadOptions[] = [];
  const gets: AgentGetOptions[] = [];
  let counter = 0;
  const module = {
    load: vi.fn((options: AgentLoadOptions) => {
      loads.push(options);
      return Promise.resolve({
        get: (options: AgentGetOptions) => {
          gets.push(options);
          const next = answers.shift();
          counter += 1;
          return next ? next() : Promise.resolve({ requestId: `req-${counter}`, visitorId: 'visitor-a' });
        },
      });
    }),
  };
  return {
    module,
    loads,
    gets,
    importModule: vi.fn((_url: string) => Promise.resolve(module as unknown)),
    rejectNext: (error: unknown) => answers.push(() => Promise.reject(error)),
    answerNext: (value: unknown) => answers.push(() => Promise.resolve(value)),
    hangNext: () => answers.push(() => new Promise(() => {})),
  };
}

function setup(overrides: Partial<DeviceIdentifierOptions> = {}) {
  const agent = fakeAgent();
  const storage = createMemoryStorage();
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const identifier = createDeviceIdentifier({
    agentUrl: AGENT_URL,
    endpointUrl: ENDPOINT,
    apiKey: API_KEY,
    storage,
    now: Date.now,
    importModule: agent.importModule,
    logger,
    ...overrides,
  });
  return { identifier, agent, storage, logger };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createDeviceIdentifier', () => {
  it('loads the agent from the first-party URL, asks it, and returns the identification', async () => {
    const { identifier, agent } = setup({ workerUrl: '/device-id/worker.js', baseUrl: 'https://embed.test/studio' });
    await expect(identifier.identify()).resolves.toEqual({
      ok: true,
      requestId: 'req-1',
      visitorId: 'visitor-a',
      cached: false,
    });
    expect(agent.importModule).toHaveBeenCalledWith(AGENT_URL);
    expect(agent.loads).toEqual([
      { apiKey: API_KEY, endpoint: ENDPOINT, workerUrl: 'https://embed.test/device-id/worker.js' },
    ]);
    expect(agent.gets).toEqual([{ timeout: 20_000 }]);
  });

  it('resolves relative first-party paths against the page', async () => {
    const { identifier, agent } = setup({
      agentUrl: '/device-id/agent.js',
      endpointUrl: '/device-id/identify',
      baseUrl: 'https://embed.test/studio-live?muted=true',
    });
    expect((await identifier.identify()).ok).toBe(true);
    expect(agent.importModule).toHaveBeenCalledWith(AGENT_URL);
    expect(agent.loads[0]?.endpoint).toBe(ENDPOINT);
  });

  describe('cache (SPEC §9: 86400 s in local storage)', () => {
    it('serves a fresh entry without loading the agent, until it expires', async () => {
      const { identifier, agent } = setup();
      await identifier.identify();

      vi.setSystemTime(START + 86_399_000);
      await expect(identifier.identify()).resolves.toEqual({
        ok: true,
        requestId: 'req-1',
        visitorId: 'visitor-a',
        cached: true,
      });
      expect(agent.importModule).toHaveBeenCalledTimes(1);
      expect(agent.gets).toHaveLength(1);

      vi.setSystemTime(START + 86_400_000);
      await expect(identifier.identify()).resolves.toMatchObject({ requestId: 'req-2', cached: false });
      expect(agent.gets).toHaveLength(2);
    });

    it('is shared with a later identifier on the same storage (a new page load)', async () => {
      const first = setup();
      await first.identifier.identify();
      const second = setup({ storage: first.storage });
      await expect(second.identifier.identify()).resolves.toMatchObject({ requestId: 'req-1', cached: true });
      expect(second.agent.importModule).not.toHaveBeenCalled();
    });

    it('is keyed by API key', async () => {
      const first = setup();
      await first.identifier.identify();
      expect(first.storage.getItem(cacheKeyFor(API_KEY))).toContain('req-1');
      const other = setup({ storage: first.storage, apiKey: 'another-key' });
      await expect(other.identifier.identify()).resolves.toMatchObject({ cached: false });
      expect(other.agent.importModule).toHaveBeenCalledTimes(1);
    });

    it('honours a shorter lifetime, caps a longer one at a day, and is off at 0', async () => {
      const short = setup({ cacheSeconds: 60 });
      await short.identifier.identify();
      vi.setSystemTime(START + 60_000);
      await expect(short.identifier.identify()).resolves.toMatchObject({ cached: false });

      vi.setSystemTime(START);
      const long = setup({ cacheSeconds: 7 * 86_400 });
      await long.identifier.identify();
      vi.setSystemTime(START + 86_400_000);
      await expect(long.identifier.identify()).resolves.toMatchObject({ cached: false });

      const off = setup({ cacheSeconds: 0 });
      await off.identifier.identify();
      await expect(off.identifier.identify()).resolves.toMatchObject({ cached: false });
      expect(off.storage.size).toBe(0);
    });

    it('does not cache failures', async () => {
      const { identifier, agent, storage } = setup();
      agent.rejectNext(Object.assign(new Error('Request failed'), { code: 'failed' }));
      await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'request-failed' });
      expect(storage.size).toBe(0);
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true, cached: false });
    });
  });

  it('shares one in-flight request between concurrent calls, and starts a new one after it settled', async () => {
    const { identifier, agent } = setup({ cacheSeconds: 0 });
    const calls = [identifier.identify(), identifier.identify(), identifier.identify()];
    expect(calls[1]).toBe(calls[0]);
    const results = await Promise.all(calls);
    expect(new Set(results.map((r) => (r.ok ? r.requestId : r.kind)))).toEqual(new Set(['req-1']));
    expect(agent.importModule).toHaveBeenCalledTimes(1);
    expect(agent.gets).toHaveLength(1);

    await expect(identifier.identify()).resolves.toMatchObject({ requestId: 'req-2' });
    expect(agent.importModule).toHaveBeenCalledTimes(1); // the loaded agent is kept
  });

  describe('timeout (SPEC §7: 20000 ms)', () => {
    it("gives 'client-timeout' when the agent does not answer within 20 s", async () => {
      const { identifier, agent, logger } = setup();
      agent.hangNext();
      const result = identifier.identify();
      await vi.advanceTimersByTimeAsync(19_999);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({
        ok: false,
        kind: 'client-timeout',
        message: 'No device identification within 20000 ms',
      });
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('client-timeout'), expect.any(Error));
    });

    it('bounds the agent script load too, and a later call tries to load it again', async () => {
      const { identifier, agent } = setup({ timeoutMs: 5_000 });
      agent.importModule.mockImplementationOnce(() => new Promise(() => {}));
      const result = identifier.identify();
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(result).resolves.toMatchObject({ ok: false, kind: 'client-timeout' });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true });
      expect(agent.importModule).toHaveBeenCalledTimes(2);
    });
  });

  describe('agent load failures', () => {
    it("gives 'agent-load-failed' when the script cannot be imported, and retries next time", async () => {
      const { identifier, agent, logger } = setup();
      agent.importModule.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: x'));
      await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'agent-load-failed' });
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('agent-load-failed'), expect.any(Error));
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true });
    });

    it("gives 'agent-load-failed' for any engine's import error (a blocked or 404 script)", async () => {
      const { identifier, agent } = setup();
      agent.importModule.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'agent-load-failed' });
    });

    it("keeps 'csp-blocked' when the import was refused by the page's CSP", async () => {
      const { identifier, agent } = setup();
      agent.importModule.mockRejectedValueOnce(new Error('Refused to load: violates Content Security Policy'));
      await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'csp-blocked' });
    });

    it.each([
      ['exports no load()', {}],
      ['load() returns no agent', { load: () => ({}) }],
    ])("gives 'agent-load-failed' when the module %s", async (_name, module) => {
      const { identifier } = setup({ importModule: () => Promise.resolve(module) });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'agent-load-failed' });
    });

    it('accepts an agent on a default export', async () => {
      const { agent } = setup();
      const { identifier } = setup({ importModule: () => Promise.resolve({ default: agent.module }) });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true });
    });
  });

  it.each(IDENTIFICATION_ERROR_KINDS)(
    'turns an agent rejection with the %s code into that kind, logged at its level, never thrown',
    async (kind) => {
      const { identifier, agent, logger } = setup();
      const info = IDENTIFICATION_ERRORS[kind];
      agent.rejectNext(Object.assign(new Error(info.message), { code: info.codes[0] }));
      await expect(identifier.identify()).resolves.toEqual({ ok: false, kind, message: info.message });
      expect(logger[info.level]).toHaveBeenCalledTimes(1);
      expect(logger[info.level]).toHaveBeenCalledWith(expect.stringContaining(kind), expect.any(Error));
    },
  );

  it("gives 'response-unparseable' for an answer without requestId and visitorId", async () => {
    const { identifier, agent, storage } = setup();
    agent.answerNext({ visitorId: 'v' });
    await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'response-unparseable' });
    expect(storage.size).toBe(0);
  });

  it('refuses an invalid endpoint or a missing key before loading the agent', async () => {
    const invalid = setup({ endpointUrl: 'javascript:alert(1)' });
    await expect(invalid.identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'invalid-endpoint' });
    const relativeWithoutPage = setup({ endpointUrl: '/device-id/identify' });
    await expect(relativeWithoutPage.identifier.identify()).resolves.toMatchObject({ kind: 'invalid-endpoint' });
    const keyless = setup({ apiKey: ' ' });
    await expect(keyless.identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'api-key-required' });
    for (const { agent } of [invalid, relativeWithoutPage, keyless]) expect(agent.importModule).not.toHaveBeenCalled();
  });

  describe('storage that throws (blocked, quota full)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    };

    it('is logged and ignored: identification still succeeds, uncached', async () => {
      const { identifier, agent, logger } = setup({ storage: throwing });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true, cached: false });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true, cached: false });
      expect(agent.gets).toHaveLength(2);
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('could not read'), expect.any(DOMException));
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('could not store'), expect.any(DOMException));
    });

    it('works without any storage', async () => {
      const { identifier } = setup({ storage: null });
      await expect(identifier.identify()).resolves.toMatchObject({ ok: true, cached: false });
    });
  });

  it('never rejects, even when the logger throws', async () => {
    const { agent } = setup();
    const broken = {
      error: vi.fn(),
      info: vi.fn(),
      warn: vi.fn(() => {
        throw new Error('log sink down');
      }),
    };
    const { identifier } = setup({ importModule: agent.importModule, logger: broken });
    agent.rejectNext(new TypeError('Failed to fetch'));
    await expect(identifier.identify()).resolves.toMatchObject({ ok: false, kind: 'network-connection' });
  });
});
