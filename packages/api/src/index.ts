export { apiFetch, type ApiRequest, type FetchEnvironment } from './api-fetch.ts';
export { createApiClient, createRouteClient, routePath, type ApiClient, type ApiClientOptions } from './client.ts';
export type { BodyOf, CallOptions, ClientTree, RouteArgs, RouteCall } from './client-types.ts';
export { SESSION_TOKEN_COOKIE, documentCookies, readCookie, type CookieReader } from './cookie.ts';
export { ResponseShapeError, isHttpError, type HttpError } from './errors.ts';
export { UNKNOWN_ERROR_MESSAGE, errorMessage } from './message.ts';
export { fetchPublicJson, type PublicFetchOptions } from './public-fetch.ts';
export { encodeQuery, type QueryScalar, type QueryValue } from './query.ts';
