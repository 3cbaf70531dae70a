/** Shown while the channel's data loads; announced politely to screen readers. */
export function LoadingScreen() {
  return (
    <div className="screen screen--center" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading channel</span>
    </div>
  );
}
