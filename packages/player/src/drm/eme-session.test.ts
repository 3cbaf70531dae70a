import { describe, expect, it, vi } from 'vitest';
import type { DrmKey } from '../hls/media-playlist.ts';
import type { PlayerError } from '../types/errors.ts';
import type { DrmConfig } from './drm-types.ts';
import { EmeSession } from './eme-session.ts';

/**
 * The EME session against a fake CDM (a stand-in `requestMediaKeySystemAccess`, MediaKeys and
 * session): what only unit tests can show here, as Chromium on these machines has ClearKey
 * and no Widevine, PlayReady or FairPlay. ClearKey itself, and each failure, are journeys
 * (tests/e2e/drm.spec.ts) against the real browser and the stand-in's license server.
 */
class FakeSession extends EventTarget {
  readonly requests: [string, Uint8Array][] = [];
  readonly updates: Uint8Array[] = [];
  generateRequest(type: string, data: BufferSource) {
    this.requests.push([type, new Uint8Array(data as ArrayBuffer)]);
    const message = Object.assign(new Event('message'), { message: new TextEncoder().encode('challenge').buffer });
    queueMicrotask(() => this.dispatchEvent(message));
    return Promise.resolve();
  }
  update(license: BufferSource) {
    this.updates.push(new Uint8Array(license as ArrayBuffer));
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

function setUp(options: { supported: string[]; config?: DrmConfig; answers?: Record<string, Response> }) {
  const sessions: FakeSession[] = [];
  const certificates: Uint8Array[] = [];
  const mediaKeys = {
    createSession: () => {
      const session = new FakeSession();
      sessions.push(session);
      return session;
    },
    setServerCertificate: (certificate: BufferSource) => {
      certificates.push(new Uint8Array(certificate as ArrayBuffer));
      return Promise.resolve(true);
    },
  };
  const asked: { keySystem: string; configs: MediaKeySystemConfiguration[] }[] = [];
  const requests: { url: string; init?: RequestInit }[] = [];
  const errors: PlayerError[] = [];
  const video = { setMediaKeys: vi.fn(() => Promise.resolve()) };
  const session = new EmeSession({
    video: video as unknown as HTMLVideoElement,
    config: options.config,
    fetch: (input, init) => {
      const url = String(input);
      requests.push({ url, init });
      const answer = options.answers?.[url];
      return answer ? Promise.resolve(answer.clone()) : Promise.reject(new TypeError('Failed to fetch'));
    },
    requestMediaKeySystemAccess: (keySystem, configs) => {
      asked.push({ keySystem, configs });
      return options.supported.includes(keySystem)
        ? Promise.resolve({ createMediaKeys: () => Promise.resolve(mediaKeys) } as unknown as MediaKeySystemAccess)
        : Promise.reject(new DOMException('unsupported', 'NotSupportedError'));
    },
    token: () => 'viewer.jwt.sig',
    codecs: () => 'avc1.4d401e,mp4a.40.2',
    onError: (error) => errors.push(error),
  });
  return { session, sessions, certificates, asked, requests, errors, video };
}

const WIDEVINE: DrmKey = {
  keySystem: 'com.widevine.alpha',
  method: 'SAMPLE-AES-CTR',
  uri: 'data:text/plain;base64,AAAA',
};
const PLAYREADY: DrmKey = { keySystem: 'com.microsoft.playready', method: 'SAMPLE-AES-CTR', uri: null };
const CLEARKEY: DrmKey = { keySystem: 'org.w3.clearkey', method: 'SAMPLE-AES-CTR', uri: 'https://drm.test/clearkey' };
const PSSH = new Uint8Array([0, 0, 0, 32, 112, 115, 115, 104]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EmeSession', () => {
  it('takes the first key system the browser has and the page configured: Widevine with its certificate, headers and token', async () => {
    const config: DrmConfig = {
      servers: {
        'com.widevine.alpha': {
          licenseUrl: 'https://license.test/widevine',
          certificateUrl: 'https://license.test/cert',
          headers: { 'x-tenant': 'onair' },
        },
        'com.microsoft.playready': { licenseUrl: 'https://license.test/playready' },
      },
    };
    const t = setUp({
      supported: ['com.widevine.alpha'],
      config,
      answers: {
        'https://license.test/cert': new Response(new Uint8Array([9, 9])),
        'https://license.test/widevine': new Response(new Uint8Array([1, 2, 3])),
      },
    });
    await t.session.protect([PLAYREADY, WIDEVINE], PSSH);
    await settle();
    expect(t.asked.map((a) => a.keySystem)).toEqual(['com.microsoft.playready', 'com.widevine.alpha']);
    expect(t.asked[1]!.configs[0]).toMatchObject({
      initDataTypes: ['cenc'],
      videoCapabilities: [{ contentType: 'video/mp4; codecs="avc1.4d401e"' }],
      audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"' }],
    });
    expect(t.certificates).toEqual([new Uint8Array([9, 9])]);
    expect(t.video.setMediaKeys).toHaveBeenCalledTimes(1);
    expect(t.sessions[0]!.requests).toEqual([['cenc', PSSH]]);
    const license = t.requests.find((r) => r.url === 'https://license.test/widevine')!;
    expect(license.init).toMatchObject({
      method: 'POST',
      headers: {
        'x-tenant': 'onair',
        authorization: 'Bearer viewer.jwt.sig',
        'content-type': 'application/octet-stream',
      },
    });
    expect(t.sessions[0]!.updates).toEqual([new Uint8Array([1, 2, 3])]);
    expect(t.errors).toEqual([]);
  });

  it('sends PlayReady’s AuthXML as customdata, and makes one session per init data', async () => {
    const t = setUp({
      supported: ['com.microsoft.playready'],
      config: {
        servers: {
          'com.microsoft.playready': {
            licenseUrl: 'https://license.test/pr',
            authXmlUrl: 'https://license.test/authxml',
          },
        },
      },
      answers: {
        'https://license.test/authxml': new Response('<Auth>ok</Auth>\n'),
        'https://license.test/pr': new Response(new Uint8Array([7])),
      },
    });
    await t.session.protect([PLAYREADY], PSSH);
    await t.session.protect([PLAYREADY], PSSH); // the same init data again: nothing more
    await settle();
    expect(t.sessions).toHaveLength(1);
    const license = t.requests.find((r) => r.url === 'https://license.test/pr')!;
    expect((license.init!.headers as Record<string, string>).customdata).toBe('<Auth>ok</Auth>');
    expect(t.sessions[0]!.updates).toHaveLength(1);
  });

  it('uses a ClearKey key URI as its license server where none is configured, and FairPlay needs a server', async () => {
    const t = setUp({
      supported: ['org.w3.clearkey', 'com.apple.fps'],
      answers: { 'https://drm.test/clearkey': new Response('{"keys":[]}') },
    });
    const fairplay: DrmKey = { keySystem: 'com.apple.fps', method: 'SAMPLE-AES', uri: 'skd://asset' };
    await t.session.protect([fairplay, CLEARKEY], PSSH);
    await settle();
    // FairPlay has no license server here: it is not even asked for.
    expect(t.asked.map((a) => a.keySystem)).toEqual(['org.w3.clearkey']);
    expect(t.requests[0]!.init).toMatchObject({ headers: { 'content-type': 'application/json' } });
  });

  it('says no CDM when the browser has none of the key systems, once', async () => {
    const t = setUp({
      supported: [],
      config: { servers: { 'com.widevine.alpha': { licenseUrl: 'https://l.test/' } } },
    });
    await t.session.protect([WIDEVINE, CLEARKEY], PSSH);
    await t.session.protect([WIDEVINE, CLEARKEY], new Uint8Array([1]));
    expect(t.errors.map((e) => [e.type, e.code, e.drm])).toEqual([['NotSupported', 1019, 'no-cdm']]);
    expect(t.errors[0]!.message).toMatch(/^Browser supports no DRM CDM/);
  });

  it('names what failed: a certificate, an AuthXML, an unreachable license server', async () => {
    const server = { licenseUrl: 'https://l.test/license', certificateUrl: 'https://l.test/cert' };
    const certificate = setUp({
      supported: ['com.widevine.alpha'],
      config: { servers: { 'com.widevine.alpha': server } },
    });
    await certificate.session.protect([WIDEVINE], PSSH);
    expect(certificate.errors.map((e) => e.drm)).toEqual(['certificate']);

    const authXml = setUp({
      supported: ['com.microsoft.playready'],
      config: {
        servers: { 'com.microsoft.playready': { licenseUrl: 'https://l.test/pr', authXmlUrl: 'https://l.test/a' } },
      },
      answers: { 'https://l.test/a': new Response('', { status: 401 }) },
    });
    await authXml.session.protect([PLAYREADY], PSSH);
    await settle();
    expect(authXml.errors.map((e) => [e.drm, e.code, e.type])).toEqual([['auth-xml', 401, 'Authorization']]);

    const unreachable = setUp({ supported: ['org.w3.clearkey'] });
    await unreachable.session.protect([CLEARKEY], PSSH);
    await settle();
    expect(unreachable.errors.map((e) => [e.drm, e.code])).toEqual([['license-request', 1020]]);
  });

  it('tries again on the next source after a failure (a Retry), and reports each attempt’s failure once', async () => {
    const answers: Record<string, Response> = { 'https://drm.test/clearkey': new Response('', { status: 503 }) };
    const t = setUp({ supported: ['org.w3.clearkey'], answers });
    await t.session.protect([CLEARKEY], PSSH);
    await settle();
    expect(t.errors.map((e) => [e.drm, e.code])).toEqual([['license-server', 503]]);
    await t.session.protect([CLEARKEY], PSSH); // the same source: nothing more
    await settle();
    expect(t.sessions).toHaveLength(1);

    answers['https://drm.test/clearkey'] = new Response('{"keys":[]}');
    t.session.restart();
    await t.session.protect([CLEARKEY], PSSH);
    await settle();
    expect(t.sessions).toHaveLength(2);
    expect(t.sessions[1]!.updates).toHaveLength(1);
    expect(t.errors).toHaveLength(1);
    expect(t.video.setMediaKeys).toHaveBeenCalledTimes(1); // the keys of the first attempt serve
  });
});
