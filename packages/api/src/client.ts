import {
  catalogue,
  fillPath,
  type Catalogue,
  type PathParams,
  type RouteDef,
  type RouteOrigin,
} from '@onair/contracts';
import { safeParse } from 'zod/mini';
import { apiFetch, type FetchEnvironment } from './api-fetch.ts';
import type { CallOptions, ClientTree } from './client-types.ts';
import { ResponseShapeError } from './errors.ts';
import { encodeQuery, type QueryValue } from './query.ts';

export interface ApiClientOptions extends FetchEnvironment {
  /**
   * Bases of the other services (SPEC §7): the websocket service (viewer token) and the
   * realtime worker authorisation host. Each defaults to `baseUrl`, as on the local platform.
   */
  origins?: Partial<Record<Exclude<RouteOrigin, 'site'>, string>>;
}

export type ApiClient<T = Catalogue> = ClientTree<T>;

/** Splits a method's arguments by the route's shape (see `RouteArgs` in client-types.ts). */
function splitArgs(route: RouteDef, args: readonly unknown[]) {
  let index = 0;
  const params = route.params.length > 0 ? (args[index++] as PathParams) : undefined;
  const hasInput = route.body !== 'none' || route.query !== undefined;
  const input = hasInput ? args[index++] : undefined;
  const options = (args[index] ?? {}) as CallOptions;
  return { params, input, options };
}

/** The request path of a route: parameters filled, query encoded. */
export function routePath(route: RouteDef, params?: PathParams, query?: Readonly<Record<string, QueryValue>>): string {
  return `${fillPath(route.path, params)}${encodeQuery(query)}`;
}

async function callRoute(options: ApiClientOptions, name: string, route: RouteDef, args: readonly unknown[]) {
  const { params, input, options: call } = splitArgs(route, args);
  const query = route.body === 'none' ? (input as Record<string, QueryValue> | undefined) : undefined;
  const baseUrl = route.origin === 'site' ? options.baseUrl : (options.origins?.[route.origin] ?? options.baseUrl);
  const data = await apiFetch({ ...options, baseUrl }, routePath(route, params, query), {
    method: route.method,
    body: route.body === 'none' ? undefined : input,
    headers: call.headers,
    signal: call.signal,
  });
  const parsed = safeParse(route.response, data);
  if (!parsed.success) throw new ResponseShapeError(name, parsed.error.issues);
  return parsed.data;
}

/**
 * A typed client with one method per route of `routes`, nested
 * by the route's dotted name: `client.channels.v2.info({ slug })`. Arguments follow the route:
 * path parameters (if any), then the body or the query (if any), then {@link CallOptions}.
 * Every response is validated against the route's schema before it is returned.
 */
export function createRouteClient<T extends Record<string, RouteDef>>(
  options: ApiClientOptions,
  routes: T,
): ApiClient<T> {
  const tree: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(routes)) {
    const keys = name.split('.');
    const leaf = keys.pop() ?? name;
    let node = tree;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[leaf] = (...args: unknown[]) => callRoute(options, name, route, args);
  }
  return tree as ApiClient<T>;
}

/**
 * The client over the platform's whole catalogue by default. A page that makes a few calls
 * (the embed) uses createRouteClient with its own routes, so the rest stays out of its bundle.
 */
export function createApiClient<T extends Record<string, RouteDef> = Catalogue>(
  options: ApiClientOptions,
  routes: T = catalogue as unknown as T,
): ApiClient<T> {
  return createRouteClient(options, routes);
}
