import type { z } from './zod.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a call sends its payload: nothing, a JSON document, or multipart form data. */
export type BodyKind = 'none' | 'json' | 'form';

/**
 * Which server answers a call. SPEC §7: paths are relative to the product's own server
 * (`site`) unless stated; the viewer token lives on the websocket service (`websocket`) and
 * the realtime worker authorisation on a host the spec does not show (`realtime`).
 */
export type RouteOrigin = 'site' | 'websocket' | 'realtime';

/**
 * One call of the platform. Paths use Fastify's syntax so the platform registers them as
 * they are: `:name`, optionally with a regular expression and a literal suffix, as in
 * `community/:role(^[a-z0-9_]+)s` for the spec's `community/{role}s`.
 */
export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  /** Names of the path parameters, in path order (derived from `path`). */
  readonly params: readonly string[];
  readonly origin: RouteOrigin;
  /** Query parameters; an array value goes on the wire as repeated `name[]=…`. */
  readonly query?: z.core.$ZodObject;
  readonly body: BodyKind;
  /** The JSON body's schema where the spec shows one; otherwise any JSON value. */
  readonly bodySchema?: z.core.$ZodType;
  /** Request headers the call needs besides the common ones (SPEC §7 "Common fetch behaviour"). */
  readonly headers?: z.core.$ZodObject;
  readonly response: z.core.$ZodType;
}

type ParamName<Segment extends string> = Segment extends `${infer Name}(${string}` ? Name : Segment;

/** `'/a/:slug/b/:id'` → `'slug' | 'id'`; a regular expression and suffix are not part of the name. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;

type RouteInput = Omit<RouteDef, 'params' | 'origin' | 'body'> & { origin?: RouteOrigin; body?: BodyKind };

/** A route as declared, with its defaults filled in and its parameter names typed. */
export type Route<D extends RouteInput> = Omit<D, 'origin' | 'body'> & {
  readonly params: readonly PathParamNames<D['path']>[];
  readonly origin: D extends { origin: infer O extends RouteOrigin } ? O : 'site';
  readonly body: D extends { body: infer B extends BodyKind } ? B : 'none';
};

// A parameter name, then an optional `(regex)` (no nested parentheses in our table).
const PARAM_PATTERN = /:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1] ?? '');
}

/**
 * Declares a route. A call carries either query parameters or a body, never both, so the
 * typed client's second argument is never ambiguous; breaking that is a programming error.
 */
export function defineRoute<const D extends RouteInput>(input: D): Route<D> {
  const body = input.body ?? 'none';
  if (body !== 'none' && input.query) throw new Error(`${input.path}: a route takes a query or a body, not both`);
  if (body !== 'json' && input.bodySchema) throw new Error(`${input.path}: only a JSON body has a schema`);
  if (input.method === 'GET' && body !== 'none') throw new Error(`${input.path}: a GET carries no body`);
  return { ...input, origin: input.origin ?? 'site', body, params: pathParamNames(input.path) } as unknown as Route<D>;
}

export type PathParams = Readonly<Record<string, string | number>>;

/**
 * Fills a path pattern: each parameter is percent-encoded (a slug with `/` or `?` cannot
 * reach another route) and keeps its literal suffix. A missing parameter throws: a request
 * to `/api/v2/channels/undefined/info` would look like a real answer.
 */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(PARAM_PATTERN, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
