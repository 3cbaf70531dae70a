import type { Page } from '@playwright/test';

/**
 * The embed's pages as a host that injects nothing would serve them (a plain static host, a
 * CDN): the platform's early data (apps/platform/src/early-data.ts) taken out, so the page asks
 * for the channel's calls and the playlist itself, as it must be able to.
 */
export async function withoutEarlyData(page: Page): Promise<void> {
  await page.route(
    (url) => /^\/[^/]+$/.test(url.pathname) && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script id="onair-early-data"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    },
  );
}
