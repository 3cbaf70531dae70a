import {
  AgentProtocolError,
  agentModuleOf,
  assertAgent,
  parseIdentification,
  type Agent,
  type AgentLoadOptions,
} from './agent-protocol.ts';
import { classifyIdentificationError, type IdentificationErrorClass } from './classify-error.ts';
import { identificationFailure, type IdentificationFailure } from './error-kinds.ts';
import {
  MAX_CACHE_SECONDS,
  createIdentityCache,
  type Identification,
  type IdentityLogger,
  type StorageLike,
} from './identity-cache.ts';

/**
 * Tags an anonymous session with a device identification (SPEC §1, §7): loads the agent from
 * our own host (a first-party proxied path, so blockers of the vendor's domain and third-party
 * cookie rules do not apply), asks it once, caches the answer for a day (§9), and turns every
 * failure into data (§8). `identify()` never rejects: the embed plays with or without it.
 */

export interface IdentificationSuccess extends Identification {
  ok: true;
  /** true when served from local storage without loading the agent. */
  cached: boolean;
}

export type IdentifyResult = IdentificationSuccess | IdentificationFailure;

export interface DeviceIdentifierOptions {
  /** First-party proxied agent module, e.g. '/device-id/agent.js'. */
  agentUrl: string;
  /** First-party proxied identification endpoint, e.g. '/device-id/identify'. */
  endpointUrl: string;
  /** Proxied push worker on our host, handed to agents that use one. */
  workerUrl?: string;
  /** The service's public (browser) key; also the cache key. */
  apiKey: string;
  /** Local storage, or null where the page has none; see identity-cache.ts. */
  storage: StorageLike | null;
  /** Wall clock in ms, for cache ages (default Date.now). */
  now?: () => number;
  /** How the agent module is loaded (default a native dynamic import); injected for tests. */
  importModule?: (url: string) => Promise<unknown>;
  /** Bound on loading the agent plus its answer (SPEC §9 "fingerprint timeout 20 s"). */
  timeoutMs?: number;
  /** Cache lifetime, at most 86400 s; 0 turns the cache off. */
  cacheSeconds?: number;
  logger?: IdentityLogger;
  /** What relative URLs resolve against (default the page's location). */
  baseUrl?: string;
}

export interface DeviceIdentifier {
  identify(): Promise<IdentifyResult>;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_CACHE_SECONDS = MAX_CACHE_SECONDS;

const nativeImport = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

export function createDeviceIdentifier(options: DeviceIdentifierOptions): DeviceIdentifier {
  const logger = options.logger ?? console;
  const importModule = options.importModule ?? nativeImport;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl ?? (globalThis as { location?: { href: string } }).location?.href;
  const cache = createIdentityCache({
    storage: options.storage,
    apiKey: options.apiKey,
    cacheSeconds: options.cacheSeconds ?? DEFAULT_CACHE_SECONDS,
    now: options.now ?? Date.now,
    logger,
  });
  // Only a loaded agent is kept: a failed or hung load is tried afresh by the next call.
  let agent: Agent | null = null;
  let inFlight: Promise<IdentifyResult> | null = null;

  async function loadAgent(endpoint: string): Promise<Agent> {
    if (agent) return agent;
    const agentUrl = resolveHttpUrl(options.agentUrl, baseUrl);
    if (!agentUrl) {
      throw new AgentProtocolError('script_load_fail', `The agent URL is not a valid URL: ${options.agentUrl}`);
    }
    let module: unknown;
    try {
      module = await importModule(agentUrl);
    } catch (error) {
      // A blocked script is still a CSP failure; every other import failure is one kind whatever the engine says.
      if (classifyIdentificationError(error).kind === 'csp-blocked') throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new AgentProtocolError('script_load_fail', `Failed to load the agent from ${agentUrl}: ${detail}`, {
        cause: error,
      });
    }
    const loadOptions: AgentLoadOptions = { apiKey: options.apiKey, endpoint };
    const workerUrl = options.workerUrl === undefined ? null : resolveHttpUrl(options.workerUrl, baseUrl);
    if (workerUrl) loadOptions.workerUrl = workerUrl;
    agent = assertAgent(await agentModuleOf(module).load(loadOptions));
    return agent;
  }

  async function askAgent(endpoint: string): Promise<Identification> {
    const loaded = await loadAgent(endpoint);
    return parseIdentification(await loaded.get({ timeout: timeoutMs }));
  }

  async function attempt(): Promise<IdentifyResult> {
    try {
      const cached = cache.read();
      if (cached) return { ok: true, ...cached, cached: true };
      if (options.apiKey.trim() === '') return fail(classifyIdentificationError({ code: 'api_key_missing' }));
      const endpoint = resolveHttpUrl(options.endpointUrl, baseUrl);
      if (!endpoint) return fail(classifyIdentificationError({ code: 'invalid_endpoint' }), options.endpointUrl);

      const identification = await withTimeout(askAgent(endpoint), timeoutMs);
      cache.write(identification);
      return { ok: true, ...identification, cached: false };
    } catch (error) {
      return fail(classifyIdentificationError(error), error);
    }
  }

  function fail(failure: IdentificationErrorClass, detail?: unknown): IdentificationFailure {
    try {
      logger[failure.level](
        `[identity] device identification failed (${failure.kind}), going on without it: ${failure.message}`,
        detail,
      );
    } catch {
      // A broken logger must not turn a non-fatal outcome into a fatal one.
    }
    return identificationFailure(failure.kind, failure.message);
  }

  return {
    identify() {
      inFlight ??= attempt().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

/** Absolute http(s) URL, or null: an agent would only fail later, after its script was loaded for nothing. */
function resolveHttpUrl(url: string, base: string | undefined): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new AgentProtocolError('client_timeout', `No device identification within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
