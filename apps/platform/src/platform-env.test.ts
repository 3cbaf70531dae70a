import { describe, expect, it } from 'vitest';
import { PlatformEnvError, isLoopbackHost, platformEnv } from './platform-env.ts';

const TOKEN = 'a-token-of-at-least-24-characters';
const SECRETS = {
  REALTIME_APP_ID: 'app',
  REALTIME_APP_SECRET: 'realtime',
  VIEWER_TOKEN_SECRET: 'viewer',
  DEVICE_ID_SECRET: 'device',
  ORIGINS: 'https://watch.example.com',
};

function refusal(env: Record<string, string>, host: string): string[] {
  try {
    platformEnv(env, host);
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformEnvError);
    return (error as PlatformEnvError).issues.map((issue) => issue.key);
  }
  throw new Error('the platform started');
}

describe('platformEnv', () => {
  it('keeps the testing hooks off unless ADMIN=1', () => {
    expect(platformEnv({}, '127.0.0.1')).toEqual({
      admin: null,
      adminTokenGenerated: false,
      origins: undefined,
      embedPolicy: {},
    });
    expect(platformEnv({ ADMIN: '0', ADMIN_TOKEN: TOKEN }, '127.0.0.1').admin).toBeNull();
  });

  it('on loopback, makes a token up when none is given, and says so', () => {
    expect(platformEnv({ ADMIN: '1' }, '127.0.0.1', () => 'made-up')).toEqual({
      admin: { token: 'made-up' },
      adminTokenGenerated: true,
      origins: undefined,
      embedPolicy: {},
    });
    expect(platformEnv({ ADMIN: '1', ADMIN_TOKEN: TOKEN }, 'localhost')).toEqual({
      admin: { token: TOKEN },
      adminTokenGenerated: false,
      origins: undefined,
      embedPolicy: {},
    });
  });

  it('makes up a different, long token each start', () => {
    const first = platformEnv({ ADMIN: '1' }, '::1').admin!.token;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(platformEnv({ ADMIN: '1' }, '::1').admin!.token).not.toBe(first);
  });

  it('refuses to start where others can reach it without every secret', () => {
    expect(refusal({}, '0.0.0.0').sort()).toEqual([
      'DEVICE_ID_SECRET',
      'ORIGINS',
      'REALTIME_APP_ID',
      'REALTIME_APP_SECRET',
      'VIEWER_TOKEN_SECRET',
    ]);
    expect(platformEnv(SECRETS, '0.0.0.0')).toEqual({
      admin: null,
      adminTokenGenerated: false,
      origins: ['https://watch.example.com'],
      embedPolicy: {},
    });
  });

  it('refuses the hooks where others can reach it without a given token', () => {
    expect(refusal({ ...SECRETS, ADMIN: '1' }, '192.168.1.4')).toEqual(['ADMIN_TOKEN']);
    expect(platformEnv({ ...SECRETS, ADMIN: '1', ADMIN_TOKEN: TOKEN }, '192.168.1.4').admin).toEqual({
      token: TOKEN,
    });
  });

  it('refuses a short token and an unknown ADMIN value, naming both', () => {
    expect(refusal({ ADMIN: 'yes', ADMIN_TOKEN: 'short' }, '127.0.0.1')).toEqual(['ADMIN', 'ADMIN_TOKEN']);
    expect(() => platformEnv({ ADMIN: '1', ADMIN_TOKEN: 'short' }, '127.0.0.1')).toThrow(
      /ADMIN_TOKEN must be at least 24 characters/,
    );
  });
});

describe('blank secrets', () => {
  it('refuses a blank or whitespace secret where others can reach it, naming it (not "set")', () => {
    for (const blank of ['', ' ', '\t \n']) {
      expect(refusal({ ...SECRETS, REALTIME_APP_SECRET: blank }, '0.0.0.0'), JSON.stringify(blank)).toEqual([
        'REALTIME_APP_SECRET',
      ]);
    }
    expect(() => platformEnv({ ...SECRETS, REALTIME_APP_SECRET: ' ' }, '0.0.0.0')).toThrow(
      'The platform cannot start: REALTIME_APP_SECRET is blank (empty or only whitespace)',
    );
    expect(refusal({ ...SECRETS, VIEWER_TOKEN_SECRET: ' ', DEVICE_ID_SECRET: '  ' }, '0.0.0.0').sort()).toEqual([
      'DEVICE_ID_SECRET',
      'VIEWER_TOKEN_SECRET',
    ]);
  });

  it('refuses one on loopback too: set blank is a mistake, not "use the local default"', () => {
    expect(refusal({ REALTIME_APP_SECRET: ' ' }, '127.0.0.1')).toEqual(['REALTIME_APP_SECRET']);
    expect(refusal({ REALTIME_APP_ID: '', DEVICE_ID_SECRET: '\t' }, 'localhost').sort()).toEqual([
      'DEVICE_ID_SECRET',
      'REALTIME_APP_ID',
    ]);
    // Unset on loopback is still the local default, and a secret with spaces inside is a secret.
    expect(platformEnv({ VIEWER_TOKEN_SECRET: ' a real one ' }, '127.0.0.1').admin).toBeNull();
  });
});

describe('ORIGINS', () => {
  it('lists the origins the platform serves as, and refuses a URL with a path', () => {
    expect(platformEnv({ ORIGINS: 'https://a.example, http://127.0.0.1:8080' }, '127.0.0.1').origins).toEqual([
      'https://a.example',
      'http://127.0.0.1:8080',
    ]);
    expect(refusal({ ORIGINS: 'https://a.example/embed' }, '127.0.0.1')).toEqual(['ORIGINS']);
  });
});

describe('embed policy', () => {
  it('takes who may frame the embed and more origins it reaches, as CSP sources', () => {
    expect(
      platformEnv(
        {
          EMBED_FRAME_ANCESTORS: 'https://news.example.com  https://*.blog.example',
          EMBED_CONNECT_SRC: 'https://cdn.example',
        },
        '127.0.0.1',
      ).embedPolicy,
    ).toEqual({
      frameAncestors: ['https://news.example.com', 'https://*.blog.example'],
      extraOrigins: ['https://cdn.example'],
    });
  });

  it("refuses a source that would widen the policy or break out of it ('unsafe-inline', ;)", () => {
    expect(refusal({ EMBED_FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" }, '127.0.0.1')).toEqual([
      'EMBED_FRAME_ANCESTORS',
    ]);
    expect(refusal({ EMBED_CONNECT_SRC: '*' }, '127.0.0.1')).toEqual(['EMBED_CONNECT_SRC']);
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback names and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'example.com', '127.0.0.1.example.com', 'localhost.evil']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
