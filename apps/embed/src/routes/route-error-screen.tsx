import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { EmbedError, type EmbedErrorKind } from '../lib/embed-error.ts';

/** Kinds where trying again can help (a network blip, a platform hiccup). */
const RETRYABLE: ReadonlySet<EmbedErrorKind> = new Set(['channel-not-found', 'playback-not-found']);

/**
 * Every route error becomes a screen: the spec's message for the errors we raise, a 404 for
 * a path no route matches, and a generic message (never a stack) for anything unexpected.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const revalidator = useRevalidator();

  let title: string;
  let retryable: boolean;
  if (error instanceof EmbedError) {
    title = error.message;
    retryable = RETRYABLE.has(error.kind);
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    title = 'Page not found';
    retryable = false;
  } else {
    console.error('Unexpected error in the embed', error);
    title = 'Something went wrong';
    retryable = true;
  }

  return (
    <div className="screen screen--center" role="alert" data-testid="route-error">
      <h1 className="error-title">{title}</h1>
      {retryable && (
        <button
          type="button"
          className="button"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </button>
      )}
    </div>
  );
}
