import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatform } from './create-platform.ts';
import { realtimeCredentialsFromEnv, LOCAL_REALTIME_CREDENTIALS } from './realtime/realtime-config.ts';
import { BlankSecretError, serverSecret } from './secrets.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('serverSecret', () => {
  it('takes the given one, then the environment, then the local default when unset', () => {
    expect(serverSecret('S', 'local', 'given', { S: 'env' })).toBe('given');
    expect(serverSecret('S', 'local', undefined, { S: 'env' })).toBe('env');
    expect(serverSecret('S', 'local', undefined, {})).toBe('local');
    expect(serverSecret('S', 'local', undefined, { S: ' spaces inside ' })).toBe(' spaces inside ');
  });

  it('throws for a blank one, given or from the environment, naming it', () => {
    for (const blank of ['', ' ', '\t\n']) {
      expect(() => serverSecret('S', 'local', undefined, { S: blank })).toThrow(BlankSecretError);
      expect(() => serverSecret('S', 'local', blank, {})).toThrow('S is set but blank');
    }
  });
});

describe('the services read secrets only through it', () => {
  it('the realtime service refuses a whitespace REALTIME_APP_SECRET instead of using the public default', () => {
    expect(() => realtimeCredentialsFromEnv({ REALTIME_APP_SECRET: ' ' })).toThrow(
      'REALTIME_APP_SECRET is set but blank',
    );
    expect(() => realtimeCredentialsFromEnv({ REALTIME_APP_ID: '' })).toThrow('REALTIME_APP_ID is set but blank');
    expect(realtimeCredentialsFromEnv({}).secret).toBe(LOCAL_REALTIME_CREDENTIALS.secret);
    expect(realtimeCredentialsFromEnv({ REALTIME_APP_SECRET: 'real' }).secret).toBe('real');
  });

  it.each(['REALTIME_APP_SECRET', 'VIEWER_TOKEN_SECRET', 'DEVICE_ID_SECRET'])(
    'a platform with a whitespace %s does not start',
    async (key) => {
      vi.stubEnv(key, ' ');
      await expect(createPlatform({ embedDir: '/nonexistent', redisUrl: '' })).rejects.toThrow(
        `${key} is set but blank`,
      );
    },
  );
});
