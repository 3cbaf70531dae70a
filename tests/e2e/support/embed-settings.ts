import type { Page } from '@playwright/test';

/**
 * Opens the embed at `path` with these public settings merged over the platform's, as a
 * deployment sets them (its `onair-config` element, rewritten on the way); a setting given as
 * null is removed.
 */
export async function openWithSettings(
  page: Page,
  settings: Record<string, string | null>,
  path = '/studio-live?muted=true',
): Promise<void> {
  const [pathname] = path.split('?');
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script id="onair-config" type="application\/json">(.*?)<\/script>/,
        (_all, json: string) => {
          const config = { ...(JSON.parse(json) as Record<string, string>), ...settings };
          for (const [key, value] of Object.entries(settings)) if (value === null) delete config[key];
          return `<script id="onair-config" type="application/json">${JSON.stringify(config)}</script>`;
        },
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(path);
}
