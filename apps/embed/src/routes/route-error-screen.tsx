import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useRevalidator, useRouteError } from 'react-router';
import { usePublicConfig } from '../config-context.tsx';
import { useHostApiSettled } from '../host-api/use-host-api.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { describeRouteError, type RetryAction } from './describe-route-error.ts';
import { Logo } from './logo.tsx';
import { MisconfiguredScreen } from './misconfigured-screen.tsx';
import { Screen } from './screen.tsx';

/**
 * Every route error becomes a designed screen: the logo, the spec's message for the errors we
 * raise (a 404 for a path no route matches, a generic message for anything unexpected, never a
 * stack) and a "Try again" where trying again can change the answer (describe-route-error.ts).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const view = describeRouteError(error);
  const unexpected = view.screen === 'error' && view.unexpected;

  useEffect(() => {
    if (unexpected) console.error('Unexpected error in the embed', error);
  }, [unexpected, error]);
  // No player comes after this screen: a framed embed's host page is told ready now.
  useHostApiSettled();

  if (view.screen === 'misconfigured') return <MisconfiguredScreen />;
  return <ErrorScreen title={view.title} retry={view.retry} />;
}

function ErrorScreen({ title, retry }: { title: string; retry: RetryAction }) {
  const { mainSiteUrl } = usePublicConfig();
  return (
    <Screen className="screen--center message-screen" testId="route-error">
      <Logo href={safeHttpUrl(mainSiteUrl)} />
      <div role="alert">
        <h1 className="message-screen__title">{title}</h1>
      </div>
      {retry && <RetryButton action={retry} />}
    </Screen>
  );
}

function RetryButton({ action }: { action: Exclude<RetryAction, null> }) {
  const slug = useParams().slug ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const busy = revalidator.state === 'loading';

  const onClick = () => {
    if (action === 'reload') return window.location.reload();
    if (action === 'open-channel') return void navigate(`/${encodeURIComponent(slug)}${search}`, { replace: true });
    // Loaders read through the cache, and a cached "null" would give the same answer again:
    // drop every query of this channel (channel/queries.ts keys all start ['channel', slug]).
    queryClient.removeQueries({ queryKey: ['channel', slug] });
    void revalidator.revalidate();
  };

  return (
    <button type="button" className="button" aria-disabled={busy} onClick={busy ? undefined : onClick}>
      {busy ? 'Trying again…' : 'Try again'}
    </button>
  );
}
