import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadPublicConfig, parsePublicConfigJson } from './load-public-config.ts';
import { MONITORING_ENVIRONMENTS, configName } from './public-config.ts';

const URL_KEYS = [
  'PUBLIC_MAIN_SITE_URL',
  'PUBLIC_DASHBOARD_URL',
  'PUBLIC_BOUNTIES_URL',
  'PUBLIC_DEVELOPER_PORTAL_URL',
  'PUBLIC_STREAMER_PORTAL_URL',
  'PUBLIC_ADMIN_URL',
  'PUBLIC_ABOUT_URL',
  'PUBLIC_WEB_URL',
  'PUBLIC_LOGIN_URL',
  'PUBLIC_FLAGS_URL',
  'PUBLIC_FILES_URL',
  'PUBLIC_SEARCH_URL',
  'PUBLIC_API_URL',
  'PUBLIC_WEBSOCKET_URL',
  'PUBLIC_COMMUNITY_URL',
];

function thrown(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadPublicConfig defaults (SPEC §3)', () => {
  const config = loadPublicConfig({});

  it('points the services the local platform provides at it', () => {
    expect(config.mainSiteUrl).toBe('http://127.0.0.1:8080');
    expect(config.apiUrl).toBe('http://127.0.0.1:8080');
    expect(config.websocketUrl).toBe('http://127.0.0.1:8080');
    expect(config.filesUrl).toBe('http://127.0.0.1:8080');
    expect(config.viewerWebsocketPath).toBe('/viewer/v1/connect');
  });

  it('has a default for every URL and defaults the realtime cluster to us2', () => {
    for (const key of URL_KEYS) {
      const value = (config as Record<string, unknown>)[configName(key)];
      expect(value, key).toEqual(expect.any(String));
      expect(value, key).not.toBe('');
    }
    expect(config.realtimeCluster).toBe('us2');
    expect(config.monitoringEnvironment).toBe('dev');
  });

  it('leaves keys the embed never reads unset and the invite links empty', () => {
    expect(config.botProtectionSiteKey).toBeUndefined();
    expect(config.cardPaymentPublicKey).toBeUndefined();
    expect(config.searchApiKey).toBeUndefined();
    expect(config.supportChatAppId).toBeUndefined();
    expect(config.chatInviteLinks).toEqual([]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.chatInviteLinks)).toBe(true);
  });
});

describe('loadPublicConfig values', () => {
  it('maps env-style keys to camelCase and ignores keys that are not ours', () => {
    const config = loadPublicConfig({
      PUBLIC_MAIN_SITE_URL: 'https://onair.example',
      PUBLIC_DEVELOPER_PORTAL_URL: 'https://dev.onair.example',
      PUBLIC_REALTIME_KEY: 'k',
      PUBLIC_REALTIME_CLUSTER: 'eu',
      PUBLIC_SUPPORT_CHAT_APP_ID: 'app-1',
      PUBLIC_MONITORING_ENVIRONMENT: 'production-next',
      HOME: '/root',
    });
    expect(config).toMatchObject({
      mainSiteUrl: 'https://onair.example',
      developerPortalUrl: 'https://dev.onair.example',
      realtimeKey: 'k',
      realtimeCluster: 'eu',
      supportChatAppId: 'app-1',
      monitoringEnvironment: 'production-next',
    });
    expect(config).not.toHaveProperty('HOME');
    expect(config).not.toHaveProperty('home');
  });

  it('reads chat invite links from a comma-separated value or an array', () => {
    expect(
      loadPublicConfig({ PUBLIC_CHAT_INVITE_LINKS: ' https://a.chat/x , ,https://b.chat/y' }).chatInviteLinks,
    ).toEqual(['https://a.chat/x', 'https://b.chat/y']);
    expect(loadPublicConfig({ PUBLIC_CHAT_INVITE_LINKS: ['https://a.chat/x'] }).chatInviteLinks).toEqual([
      'https://a.chat/x',
    ]);
  });

  it('treats an empty optional key as unset', () => {
    expect(loadPublicConfig({ PUBLIC_SEARCH_API_KEY: '' }).searchApiKey).toBeUndefined();
  });

  it.each(MONITORING_ENVIRONMENTS)('accepts the monitoring environment %s', (environment) => {
    expect(loadPublicConfig({ PUBLIC_MONITORING_ENVIRONMENT: environment }).monitoringEnvironment).toBe(environment);
  });

  it('keeps the monitoring session in memory unless a deployment chooses a cookie', () => {
    expect(loadPublicConfig({}).monitoringSession).toBe('memory');
    expect(loadPublicConfig({ PUBLIC_MONITORING_SESSION: 'cookie' }).monitoringSession).toBe('cookie');
    // Local storage is not offered: it would outlive the consent store's cookie sweep.
    expect(() => loadPublicConfig({ PUBLIC_MONITORING_SESSION: 'local-storage' })).toThrow();
  });
});

describe('loadPublicConfig errors (SPEC §5, §8)', () => {
  it.each(URL_KEYS)('rejects an empty %s instead of falling back to its default', (key) => {
    const error = thrown(() => loadPublicConfig({ [key]: '' }));
    expect(error.message).toMatch(/^Invalid environment variables/);
    expect(error.issues.map((issue) => issue.key)).toEqual([key]);
  });

  it('lists every offending key in the message', () => {
    const error = thrown(() =>
      loadPublicConfig({ PUBLIC_API_URL: 42, PUBLIC_MONITORING_ENVIRONMENT: 'qa', PUBLIC_REALTIME_CLUSTER: '' }),
    );
    expect(error.code).toBe('invalid_env');
    expect(error.message).toContain('PUBLIC_API_URL');
    expect(error.message).toContain('PUBLIC_MONITORING_ENVIRONMENT');
    expect(error.message).toContain('PUBLIC_REALTIME_CLUSTER');
  });

  it('throws an Error, so callers that do not know ConfigError still see it', () => {
    expect(() => loadPublicConfig({ PUBLIC_WEB_URL: '' })).toThrow(Error);
  });
});

describe('parsePublicConfigJson', () => {
  it('returns the typed config for valid JSON', () => {
    const result = parsePublicConfigJson('{"PUBLIC_API_URL":"https://api.onair.example"}');
    expect(result.ok && result.config.apiUrl).toBe('https://api.onair.example');
  });

  it.each([
    ['malformed JSON', '{"PUBLIC_API_URL":', 'malformed_json'],
    ['an empty text', '', 'malformed_json'],
    ['an array', '[]', 'not_an_object'],
    ['null', 'null', 'not_an_object'],
    ['a string', '"x"', 'not_an_object'],
    ['an invalid value', '{"PUBLIC_API_URL":""}', 'invalid_env'],
    ['a leaked server-only key', '{"REALTIME_APP_SECRET":"s"}', 'server_only_key_exposed'],
  ])('returns an error for %s without throwing', (_label, text, code) => {
    const result = parsePublicConfigJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it('does not carry a prototype-pollution key into the config', () => {
    const result = parsePublicConfigJson('{"__proto__":{"polluted":true}}');
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the GPU surface settings (SPEC §2, §5)', () => {
  it('default to the plain video with no allow-list entries and no experiment', () => {
    const config = loadPublicConfig({});
    expect(config.gpuSurfaceMode).toBe('video');
    expect(config.gpuAllowedVendors).toEqual([]);
    expect(config.gpuAllowedArchitectures).toEqual([]);
    expect(config.gpuExperiment).toBeUndefined();
  });

  it('take a surface mode, comma-separated allow-list entries and an assignment', () => {
    const config = loadPublicConfig({
      PUBLIC_GPU_SURFACE_MODE: 'debug_both',
      PUBLIC_GPU_ALLOWED_VENDORS: 'google, amd',
      PUBLIC_GPU_ALLOWED_ARCHITECTURES: '*',
      PUBLIC_GPU_EXPERIMENT: 'treatment_config_e30=',
    });
    expect(config.gpuSurfaceMode).toBe('debug_both');
    expect(config.gpuAllowedVendors).toEqual(['google', 'amd']);
    expect(config.gpuAllowedArchitectures).toEqual(['*']);
    expect(config.gpuExperiment).toBe('treatment_config_e30=');
  });

  it('refuse a surface mode that is not one of the three', () => {
    expect(thrown(() => loadPublicConfig({ PUBLIC_GPU_SURFACE_MODE: 'webgl' })).issues).toEqual([
      expect.objectContaining({ key: 'PUBLIC_GPU_SURFACE_MODE' }),
    ]);
  });
});
