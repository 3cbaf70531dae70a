import type { APIRequestContext, Page } from '@playwright/test';
import { analyticsEvents, type SentEvent } from './analytics.ts';
import { openWithSettings } from './embed-settings.ts';
import { expect } from './fixtures.ts';

/** The GPU-surface journeys' shared steps (gpu-surface*.spec.ts). */
export const SWIFTSHADER = { vendor: 'google', architecture: 'swiftshader' };

/** An assignment of the GPU experiment (SPEC §5: `_config_` + base64 JSON). */
export function assignment(config: Record<string, unknown>): string {
  return `treatment_config_${Buffer.from(JSON.stringify(config)).toString('base64')}`;
}

/** Every adapter allowed, the monitor off: the picture journeys' configuration. */
export const ANY_ADAPTER = {
  PUBLIC_GPU_ALLOWED_VENDORS: '*',
  PUBLIC_GPU_ALLOWED_ARCHITECTURES: '*',
  PUBLIC_GPU_EXPERIMENT: assignment({ module: { monitorEnabled: false } }),
};

/** Opens the live channel with these public settings over the platform's (as a deployment sets them). */
export const openWith = (page: Page, settings: Record<string, string>) => openWithSettings(page, settings);

export const player = (page: Page) => page.getByTestId('player');
export const canvas = (page: Page) => page.getByTestId('gpu-canvas');

export async function eventsNamed(admin: APIRequestContext, name: string): Promise<SentEvent[]> {
  return (await analyticsEvents(admin)).filter((event) => event.name === name);
}

/** The first event of that name the intake received, once one has (sent after a dynamic import and a fetch). */
export async function firstSent(admin: APIRequestContext, name: string): Promise<SentEvent> {
  await expect
    .poll(async () => (await eventsNamed(admin, name)).length, { message: `a ${name} event reaches the intake` })
    .toBeGreaterThan(0);
  return (await eventsNamed(admin, name))[0]!;
}
