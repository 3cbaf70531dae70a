import type { RouteDef } from '@onair/contracts';
import type { z } from 'zod/mini';

/** Per-call options, last argument of every client method. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

type ParamName<R extends RouteDef> = R['params'][number];

/** `{ slug }`, `{ slug, role }`…; left out when the path has no parameter. */
type ParamsArg<R extends RouteDef> = [ParamName<R>] extends [never]
  ? []
  : [params: Readonly<Record<ParamName<R>, string | number>>];

/** FormData for a form call; the schema's input for JSON with a shown payload; else any JSON. */
export type BodyOf<R extends RouteDef> = R['body'] extends 'form'
  ? FormData
  : R extends { bodySchema: infer S extends z.core.$ZodType }
    ? z.input<S>
    : unknown;

/** The second argument: the body, or the query (optional when all its fields are). */
type InputArg<R extends RouteDef> = R['body'] extends 'json' | 'form'
  ? undefined extends BodyOf<R>
    ? [body?: BodyOf<R>]
    : [body: BodyOf<R>]
  : R extends { query: infer Q extends z.core.$ZodObject }
    ? Partial<z.input<Q>> extends z.input<Q>
      ? [query?: z.input<Q>]
      : [query: z.input<Q>]
    : [];

/** A route with its own headers (the viewer token) requires them in the options. */
type OptionsArg<R extends RouteDef> = R extends { headers: infer H extends z.core.$ZodObject }
  ? [options: CallOptions & { headers: z.input<H> }]
  : [options?: CallOptions];

export type RouteArgs<R extends RouteDef> = [...ParamsArg<R>, ...InputArg<R>, ...OptionsArg<R>];

/** One client method: resolves to the route's validated response. */
export type RouteCall<R extends RouteDef> = (...args: RouteArgs<R>) => Promise<z.output<R['response']>>;

type Head<Name extends string> = Name extends `${infer First}.${string}` ? First : Name;
type Below<T, First extends string> = {
  [Name in keyof T & string as Name extends `${First}.${infer Rest}` ? Rest : never]: T[Name];
};

/** `{ 'channels.v2.info': R }` → `{ channels: { v2: { info: RouteCall<R> } } }`. */
export type ClientTree<T> = {
  [First in Head<keyof T & string>]: First extends keyof T
    ? T[First] extends RouteDef
      ? RouteCall<T[First]>
      : never
    : ClientTree<Below<T, First>>;
};
