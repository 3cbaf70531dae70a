import { isSmartTv } from './smart-tv.ts';
import { hasExtensionFrame, hasVideoExtensionSiteFrame, mentionsOrigin } from './stack-sources.ts';

/** Where the monitoring SDK says an event came from (the browser-logs `origin` field). */
export type MonitoringOrigin = 'console' | 'network' | 'source' | 'agent' | 'logger' | 'report';

/**
 * The few fields of a browser-logs `beforeSend` event the filter reads. Everything is optional
 * but the message, so the SDK's own event type is assignable to it whatever its version adds.
 */
export interface MonitoringEvent {
  readonly message: string;
  readonly status?: string;
  readonly origin?: MonitoringOrigin | (string & {});
  readonly error?: { readonly kind?: string; readonly stack?: string; readonly message?: string };
}

export interface FilterContext {
  /** `location.origin` of the page, e.g. 'https://player.onair.example'. */
  readonly pageOrigin: string;
  readonly userAgent: string;
  /** Other origins our own code is served from (a CDN for the assets, say). */
  readonly scriptOrigins?: readonly string[];
}

export type DropReason =
  'smart-tv' | 'browser-extension' | 'video-extension-site' | 'abort' | 'console-or-network' | 'foreign-stack';

/**
 * SPEC §5 "Monitoring filter", as data: why an event would be dropped, or undefined to keep it.
 * Only error events are judged; info and warning logs from our own logger always pass.
 *
 * An error our own code logs without a stack (a `logger.error('…')` call, a report) cannot fail
 * the stack rules: our own messages must get through. An uncaught error without one (origin
 * `source`: a cross-origin script's "Script error.", an extension's) cannot mention the page's
 * origin, so it is dropped as foreign.
 */
export function dropReason(event: MonitoringEvent, context: FilterContext): DropReason | undefined {
  if (event.status !== 'error' && event.error === undefined) return undefined;
  if (isSmartTv(context.userAgent)) return 'smart-tv';
  if (event.origin === 'console' || event.origin === 'network') return 'console-or-network';
  if (event.error?.kind === 'AbortError') return 'abort';
  const stack = event.error?.stack;
  if (stack === undefined || stack === '') return event.origin === 'source' ? 'foreign-stack' : undefined;
  if (hasExtensionFrame(stack)) return 'browser-extension';
  if (hasVideoExtensionSiteFrame(stack)) return 'video-extension-site';
  if (!mentionsOrigin(stack, [context.pageOrigin, ...(context.scriptOrigins ?? [])])) return 'foreign-stack';
  return undefined;
}

export function shouldKeepEvent(event: MonitoringEvent, context: FilterContext): boolean {
  return dropReason(event, context) === undefined;
}

/**
 * SPEC §5: if the filter itself throws, the event is kept. A bug in the filter must cost us
 * noise, never the one report that would have shown the bug.
 */
export function safeFilter<Args extends unknown[]>(filter: (...args: Args) => boolean): (...args: Args) => boolean {
  return (...args) => {
    try {
      return filter(...args);
    } catch {
      return true;
    }
  };
}
