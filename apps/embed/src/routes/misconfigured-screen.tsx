/**
 * SPEC §2 "Misconfigured embed screen". For now it appears when the embed URL names no
 * channel (`/`); the full rule (unparsable query, bad public configuration) comes with the
 * screens issue.
 */
export function MisconfiguredScreen() {
  return (
    <div className="screen screen--center" role="alert">
      <p className="logo" aria-label="OnAir">
        OnAir
      </p>
      <h1 className="error-title">This embed seems to be misconfigured</h1>
    </div>
  );
}
