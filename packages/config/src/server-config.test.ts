import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config-error.ts';
import { SERVER_ENV_KEYS, createServerConfig, serverEnvSchema } from './server-config.ts';

const env = {
  REALTIME_APP_ID: 'app',
  REALTIME_APP_SECRET: 'realtime-secret',
  VIEWER_TOKEN_SECRET: 'viewer-secret',
  DEVICE_ID_SECRET: 'device-secret',
};

describe('createServerConfig (SPEC §8 server-only variables)', () => {
  it('reads the values on the server', () => {
    const config = createServerConfig({ source: () => env, isBrowser: () => false });
    expect(config.REALTIME_APP_SECRET).toBe('realtime-secret');
    expect(config.VIEWER_TOKEN_SECRET).toBe('viewer-secret');
    expect(config.MONITORING_SERVER_CLIENT_TOKEN).toBeUndefined();
  });

  it('raises an error when a value is read in the browser, without reading the source', () => {
    const source = vi.fn(() => env);
    const config = createServerConfig({ source, isBrowser: () => true });
    expect(() => config.REALTIME_APP_SECRET).toThrow('Server-only variable REALTIME_APP_SECRET read on the client');
    expect(source).not.toHaveBeenCalled();
  });

  it('validates lazily and only once', () => {
    const source = vi.fn(() => env);
    const config = createServerConfig({ source, isBrowser: () => false });
    expect(source).not.toHaveBeenCalled();
    void config.REALTIME_APP_ID;
    void config.VIEWER_TOKEN_SECRET;
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('reports missing secrets as invalid environment variables, with no default secret', () => {
    const config = createServerConfig({ source: () => ({ REALTIME_APP_ID: 'app' }), isBrowser: () => false });
    let caught: unknown;
    try {
      void config.REALTIME_APP_ID;
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toMatch(/^Invalid environment variables/);
    expect((caught as ConfigError).issues.map((issue) => issue.key).sort()).toEqual([
      'DEVICE_ID_SECRET',
      'REALTIME_APP_SECRET',
      'VIEWER_TOKEN_SECRET',
    ]);
  });

  it('refuses a blank or whitespace secret as it refuses a missing one', () => {
    for (const blank of ['', ' ', '\t\n']) {
      const config = createServerConfig({
        source: () => ({ ...env, REALTIME_APP_SECRET: blank }),
        isBrowser: () => false,
      });
      expect(() => config.REALTIME_APP_ID, JSON.stringify(blank)).toThrow(/REALTIME_APP_SECRET \(must be a non-blank/);
    }
  });

  it('defaults to detecting the browser by a global window (none under node)', () => {
    const config = createServerConfig({ source: () => env });
    expect(config.REALTIME_APP_ID).toBe('app');
  });

  it('names every server-only key in the list the embed checks its public configuration against', () => {
    expect([...SERVER_ENV_KEYS].sort()).toEqual(Object.keys(serverEnvSchema.shape).sort());
  });

  it('takes an admin token only when it is long and has no spaces', () => {
    const read = (token: string) => () =>
      createServerConfig({ source: () => ({ ...env, ADMIN_TOKEN: token }), isBrowser: () => false }).ADMIN_TOKEN;
    expect(read('x'.repeat(24))()).toBe('x'.repeat(24));
    expect(read('x'.repeat(23))).toThrow(/ADMIN_TOKEN \(must be at least 24 characters\)/);
    expect(read(`${'x'.repeat(24)} y`)).toThrow(/ADMIN_TOKEN \(must be printable ASCII without spaces\)/);
  });
});
