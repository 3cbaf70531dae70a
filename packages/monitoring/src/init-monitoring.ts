import { safeFilter, shouldKeepEvent } from './event-filter.ts';
import type { FilterContext, MonitoringEvent } from './event-filter.ts';
import { MONITORING_SETTINGS } from './settings.ts';
import type {
  ConsoleApiName,
  MonitoringSettings,
  MonitoringSite,
  SessionPersistence,
  TrackingConsent,
} from './settings.ts';
import type { TrackingConsentSource } from './tracking-consent.ts';

/** The slice of `@datadog/browser-logs`'s logger we call; its `Logger` fits. */
export interface MonitoringLogger {
  debug(message: string, context?: object, error?: Error): void;
  info(message: string, context?: object, error?: Error): void;
  warn(message: string, context?: object, error?: Error): void;
  error(message: string, context?: object, error?: Error): void;
}

/** What `init` receives: the settings plus the token and the filter. */
export interface MonitoringInitOptions {
  clientToken: string;
  service: string;
  version: string;
  env: string;
  site: MonitoringSite;
  sessionSampleRate: number;
  trackingConsent: TrackingConsent;
  sessionPersistence: SessionPersistence;
  trackAnonymousUser: boolean;
  forwardErrorsToLogs: boolean;
  forwardConsoleLogs: ConsoleApiName[];
  proxy: string;
  beforeSend: (event: MonitoringEvent) => boolean;
}

/** The SDK module's export we use; `typeof import('@datadog/browser-logs')` fits. */
export interface MonitoringSdk {
  init(options: MonitoringInitOptions): void;
  setTrackingConsent(consent: TrackingConsent): void;
  logger: MonitoringLogger;
}

export interface InitMonitoringOptions extends FilterContext {
  /** Loads the SDK, e.g. `() => import('@datadog/browser-logs')`, so it is a separate chunk. */
  readonly load: () => Promise<{ datadogLogs: MonitoringSdk }>;
  readonly clientToken: string;
  /** Where batches go; default the platform intake on the page's origin. */
  readonly proxyUrl?: string;
  /** Overrides of MONITORING_SETTINGS, e.g. `env` outside production. */
  readonly settings?: Partial<MonitoringSettings>;
  /**
   * The SDK's tracking consent, read when it starts and followed afterwards (`trackingConsentFrom`
   * over the consent store). Without one, `settings.trackingConsent` holds for the page's life.
   */
  readonly consent?: TrackingConsentSource;
  /** When to start loading; default a macrotask, so the first frame is never waiting on it. */
  readonly schedule?: (task: () => void) => void;
  /** Where our own failures go (the SDK is not there to take them); default `console`. */
  readonly log?: { warn(message: string, detail?: unknown): void };
}

export interface Monitoring {
  /**
   * Starts the SDK once. Concurrent and later calls get the same promise; after a failed load
   * (a chunk that did not arrive) the next call tries again. Resolves true when the SDK runs,
   * false when it could not be started; never rejects.
   */
  init(options: InitMonitoringOptions): Promise<boolean>;
  /** Usable at once: calls made before the SDK runs are kept (up to a limit) and replayed. */
  readonly logger: MonitoringLogger;
}

type Level = keyof MonitoringLogger;
type PendingCall = readonly [Level, string, object | undefined, Error | undefined];

/** Enough for a start-up burst; past it, the earliest calls are kept because they explain the rest. */
export const PENDING_LOG_LIMIT = 100;

export function createMonitoring(): Monitoring {
  let started: Promise<boolean> | undefined;
  let sdkLogger: MonitoringLogger | undefined;
  let pending: PendingCall[] = [];

  const record = (level: Level) => (message: string, context?: object, error?: Error) => {
    if (sdkLogger !== undefined) sdkLogger[level](message, context, error);
    else if (pending.length < PENDING_LOG_LIMIT) pending.push([level, message, context, error]);
  };
  const logger: MonitoringLogger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };

  const start = async (options: InitMonitoringOptions): Promise<boolean> => {
    const log = options.log ?? console;
    const schedule = options.schedule ?? ((task: () => void) => setTimeout(task, 0));
    try {
      await new Promise<void>((resolve) => schedule(resolve));
      const { datadogLogs } = await options.load();
      const initOptions = buildInitOptions(options);
      datadogLogs.init(initOptions);
      // In the same task as init, so no change of preferences can fall between the two.
      if (options.consent) followConsent(options.consent, initOptions.trackingConsent, datadogLogs, log);
      sdkLogger = datadogLogs.logger;
    } catch (error) {
      log.warn('[monitoring] could not start error monitoring', error);
      return false;
    }
    const replay = pending;
    pending = [];
    for (const [level, message, context, error] of replay) sdkLogger[level](message, context, error);
    return true;
  };

  return {
    logger,
    init(options) {
      if (started === undefined) {
        started = start(options).then((ok) => {
          if (!ok) started = undefined;
          return ok;
        });
      }
      return started;
    },
  };
}

export function buildInitOptions(options: InitMonitoringOptions): MonitoringInitOptions {
  const settings = { ...MONITORING_SETTINGS, ...options.settings };
  const context: FilterContext = {
    pageOrigin: options.pageOrigin,
    userAgent: options.userAgent,
    ...(options.scriptOrigins === undefined ? {} : { scriptOrigins: options.scriptOrigins }),
  };
  const keep = safeFilter((event: MonitoringEvent) => shouldKeepEvent(event, context));
  return {
    clientToken: options.clientToken,
    service: settings.service,
    version: settings.version,
    env: settings.env,
    site: settings.site,
    sessionSampleRate: settings.sessionSampleRate,
    trackingConsent: options.consent?.current() ?? settings.trackingConsent,
    sessionPersistence: settings.sessionPersistence,
    trackAnonymousUser: settings.trackAnonymousUser,
    forwardErrorsToLogs: settings.forwardErrorsToLogs,
    forwardConsoleLogs: [...settings.forwardConsoleLogs],
    proxy: resolveProxy(options.proxyUrl ?? settings.proxy, options.pageOrigin),
    beforeSend: (event) => keep(event),
  };
}

/**
 * Tells the SDK each change of its consent, once: on 'not-granted' it drops its session and
 * sends nothing more; on 'granted' it starts (or starts again).
 */
function followConsent(
  consent: TrackingConsentSource,
  initial: TrackingConsent,
  sdk: MonitoringSdk,
  log: { warn(message: string, detail?: unknown): void },
): void {
  let told = initial;
  consent.subscribe(() => {
    const next = consent.current();
    if (next === told) return;
    told = next;
    try {
      sdk.setTrackingConsent(next);
    } catch (error) {
      log.warn('[monitoring] could not pass on a change of tracking consent', error);
    }
  });
}

// The SDK wants an absolute URL; a path means "the platform that served this page".
function resolveProxy(proxy: string, pageOrigin: string): string {
  try {
    return new URL(proxy, pageOrigin).href;
  } catch {
    return proxy;
  }
}

const defaultMonitoring = createMonitoring();

/** The page's one monitoring instance. */
export const monitoringLogger: MonitoringLogger = defaultMonitoring.logger;

export function initMonitoring(options: InitMonitoringOptions): Promise<boolean> {
  return defaultMonitoring.init(options);
}
