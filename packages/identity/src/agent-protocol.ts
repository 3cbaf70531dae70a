import { isNonEmptyString, type Identification } from './identity-cache.ts';

/**
 * The agent contract, shaped like the common commercial device-identification agents so one can
 * be dropped in behind the same first-party path:
 *
 *   const agent = await (await import(agentUrl)).load({ apiKey, endpoint, workerUrl });
 *   const { requestId, visitorId } = await agent.get({ timeout });
 *
 * A failing `load` or `get` rejects with an Error whose `code` (or, for older agents, whose
 * message) names the failure; `classifyIdentificationError` maps both (error-kinds.ts).
 */

export interface AgentLoadOptions {
  apiKey: string;
  /** Absolute URL of the proxied identification endpoint on our own host. */
  endpoint: string;
  /** Proxied real-time push worker, on our own host too; agents without one ignore it. */
  workerUrl?: string;
}

export interface AgentGetOptions {
  /** Milliseconds the agent may spend; it should reject with 'client_timeout' past it. */
  timeout: number;
}

export interface Agent {
  get(options: AgentGetOptions): Promise<unknown>;
}

export interface AgentModule {
  load(options: AgentLoadOptions): Agent | Promise<Agent>;
}

/** Error with a machine code, as our agent rejects; used here for failures the adapter detects itself. */
export class AgentProtocolError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentProtocolError';
    this.code = code;
  }
}

/**
 * The module's `load`, whether exported by name (ES module agents) or on a default export
 * (bundles that wrap a CommonJS/UMD build). Anything else is not an agent.
 */
export function agentModuleOf(module: unknown): AgentModule {
  const candidates = [module, (module as { default?: unknown } | null)?.default];
  for (const candidate of candidates) {
    if (typeof candidate === 'object' && candidate !== null && typeof (candidate as AgentModule).load === 'function') {
      return candidate as AgentModule;
    }
  }
  throw new AgentProtocolError('script_load_fail', 'The agent script exports no load()');
}

export function assertAgent(value: unknown): Agent {
  if (typeof value === 'object' && value !== null && typeof (value as Agent).get === 'function') return value as Agent;
  throw new AgentProtocolError('script_load_fail', 'The agent load() returned no agent with get()');
}

/** Keeps only the two fields we use; extra fields of richer agents (confidence, …) are dropped, not stored. */
export function parseIdentification(value: unknown): Identification {
  const result = value as Partial<Identification> | null;
  if (typeof result === 'object' && result !== null && isNonEmptyString(result.requestId)) {
    if (isNonEmptyString(result.visitorId)) return { requestId: result.requestId, visitorId: result.visitorId };
  }
  throw new AgentProtocolError('response_cannot_be_parsed', 'The agent answered without requestId and visitorId');
}
