import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../components/spinner.tsx';

/**
 * The root of both routes. Loaders fill the query cache before a page renders; should a page
 * still find its data missing (evicted while it was open) it suspends, and the visitor sees
 * the same spinner as on first load rather than an empty frame.
 */
export function RootLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}
