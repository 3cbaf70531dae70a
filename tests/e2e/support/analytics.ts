import type { APIRequestContext, Page } from '@playwright/test';

export interface SentEvent {
  name: string;
  properties: Record<string, unknown>;
}

/** The analytics events the platform's intake received, oldest first (its test-only admin route). */
export async function analyticsEvents(admin: APIRequestContext): Promise<SentEvent[]> {
  const body = (await (await admin.get('/admin/analytics/events')).json()) as { events: { event: SentEvent }[] };
  return body.events.map((entry) => entry.event);
}

/** The visitor's stored cookie choices, as the main site leaves them, before the page loads. */
export async function storePreferences(page: Page, preferences: Record<string, boolean>): Promise<void> {
  await page.addInitScript(
    (value) => {
      window.localStorage.setItem('cookie-preferences', value);
    },
    JSON.stringify({ necessary: true, userHasMadeChoice: true, ...preferences }),
  );
}
