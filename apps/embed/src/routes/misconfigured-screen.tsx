import { Logo } from './logo.tsx';
import { Screen } from './screen.tsx';

/**
 * SPEC §2 "Misconfigured embed screen": the logo and one sentence. When it appears is decided
 * in lib/embed-url.ts (configuration failing its schema, no channel in the URL, a query string
 * that cannot be parsed). It renders without the public configuration, so the logo is no link.
 */
export function MisconfiguredScreen() {
  return (
    <Screen className="screen--center message-screen" testId="misconfigured">
      <Logo />
      <div role="alert">
        <h1 className="message-screen__title">This embed seems to be misconfigured</h1>
      </div>
    </Screen>
  );
}
