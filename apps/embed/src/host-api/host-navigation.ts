/**
 * How the host-page API moves the frame to another channel (setChannel): the app's router,
 * registered once it exists. A module of its own, a few bytes of start-up code, so that the
 * bridge (a lazy chunk) reaches the router without importing the app.
 */
let navigate: ((path: string) => void) | null = null;

export function setHostNavigation(to: (path: string) => void): void {
  navigate = to;
}

/** Navigates within the app to `path`; false before the app has a router. */
export function navigateWithinApp(path: string): boolean {
  if (!navigate) return false;
  navigate(path);
  return true;
}
