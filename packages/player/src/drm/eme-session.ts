import type { DrmKey } from '../hls/media-playlist.ts';
import { codeForHttpStatus, ErrorCode, ErrorType, type PlayerError } from '../types/errors.ts';
import { DRM_MESSAGES, DrmFailure, type DrmConfig, type DrmServer } from './drm-types.ts';

/** What the session needs of the page: the element, the network and EME, and where errors go. */
export interface EmeSessionDeps {
  video: HTMLVideoElement;
  config: DrmConfig | undefined;
  fetch: typeof fetch;
  requestMediaKeySystemAccess: (
    keySystem: string,
    configs: MediaKeySystemConfiguration[],
  ) => Promise<MediaKeySystemAccess>;
  /** The viewer's playback token (setAuthToken, or the playback URL's), sent to the license server; null: none. */
  token(): string | null;
  /** The stream's codecs (`avc1.…,mp4a.…`), for the capabilities asked of the CDM. */
  codecs(): string;
  onError(error: PlayerError): void;
}

const http = (uri: string | null) => (uri && /^https?:/i.test(uri) ? uri : null);

/** A failure as the player's error: SPEC §8's message, the type and code its cause says. */
export function drmError(failure: DrmFailure, status = 0, detail = ''): PlayerError {
  const type =
    failure === DrmFailure.NoCdm
      ? ErrorType.NotSupported
      : failure === DrmFailure.LicenseUnauthorized || failure === DrmFailure.AuthXml
        ? ErrorType.Authorization
        : failure === DrmFailure.LicenseUnavailable
          ? ErrorType.NotAvailable
          : ErrorType.Network;
  const code =
    failure === DrmFailure.NoCdm
      ? ErrorCode.DrmNoCdm
      : status >= 100
        ? codeForHttpStatus(status)
        : detail === 'rejected'
          ? ErrorCode.DrmLicenseRejected
          : ErrorCode.DrmRequestFailed;
  const message = `${DRM_MESSAGES[failure]}${status ? ` (HTTP ${status})` : ''}${detail && detail !== 'rejected' ? `: ${detail}` : ''}`;
  return { type, code, source: 'drm', message, fatal: true, drm: failure };
}

/** The failure a license answer's status means. */
function licenseFailure(status: number): DrmFailure {
  if (status === 401 || status === 403) return DrmFailure.LicenseUnauthorized;
  if (status === 404 || status === 410) return DrmFailure.LicenseUnavailable;
  if (status >= 500) return DrmFailure.LicenseServer;
  return DrmFailure.LicenseRequest;
}

class DrmStop extends Error {
  constructor(readonly error: PlayerError) {
    super(error.message);
  }
}

/**
 * The element's MediaKeys for a DRM-protected stream (EME): the first key system the stream
 * names that the browser has a CDM for and the page has (or the stream gives) a license server
 * for; a session per init data, its license requests carrying the viewer's token and the
 * configured headers; a certificate and an AuthXML first where configured. Our engine appends
 * encrypted media in its worker (or on the page); the keys belong to the element, which is
 * the page's: this is the page's half of the work. Loaded only for a protected stream.
 */
export class EmeSession {
  #keys: Promise<{ keySystem: string; server: DrmServer; mediaKeys: MediaKeys }> | null = null;
  readonly #seen = new Set<string>();
  readonly #sessions: MediaKeySession[] = [];
  #failed = false;
  #destroyed = false;

  constructor(private readonly deps: EmeSessionDeps) {}

  /** The stream needs keys for `initData` (its init segment's pssh boxes) from one of `systems`. */
  async protect(systems: readonly DrmKey[], initData: Uint8Array): Promise<void> {
    const seen = `${initData.byteLength}:${Array.from(initData).join(',')}`;
    if (this.#failed || this.#seen.has(seen)) return;
    this.#seen.add(seen);
    try {
      this.#keys ??= this.#mediaKeys(systems);
      const { keySystem, server, mediaKeys } = await this.#keys;
      if (this.#destroyed) return;
      const session = mediaKeys.createSession('temporary');
      this.#sessions.push(session);
      session.addEventListener('message', (event) => {
        void this.#license(keySystem, server, session, event.message).catch((error: unknown) => this.#fail(error));
      });
      const data = initData.byteLength > 0 ? new Uint8Array(initData) : null;
      if (!data) throw new DrmStop(drmError(DrmFailure.LicenseRequest, 0, 'the stream gives no init data'));
      await session.generateRequest('cenc', data);
    } catch (error) {
      this.#fail(error);
    }
  }

  destroy(): void {
    this.#destroyed = true;
    for (const session of this.#sessions) void session.close().catch(() => undefined);
    this.#sessions.length = 0;
  }

  /**
   * Reports the failure once, and forgets the attempt: the next source's `protect` (a Retry
   * loads the stream again) starts over, from the key system where that is what failed.
   */
  #fail(error: unknown): void {
    if (this.#failed || this.#destroyed) return;
    this.#failed = true;
    this.deps.onError(error instanceof DrmStop ? error.error : drmError(DrmFailure.LicenseRequest, 0, String(error)));
    void this.#keys?.catch(() => (this.#keys = null));
  }

  /** A new source (a load, a Retry): what failed before may be tried again. */
  restart(): void {
    this.#failed = false;
    this.#seen.clear();
  }

  async #mediaKeys(systems: readonly DrmKey[]) {
    const { video, config } = this.deps;
    const [videoCodec, audioCodec] = this.#codecPair();
    for (const system of systems) {
      const server: DrmServer = {
        ...config?.servers?.[system.keySystem],
        licenseUrl:
          config?.servers?.[system.keySystem]?.licenseUrl ??
          (system.keySystem === 'org.w3.clearkey' ? (http(system.uri) ?? undefined) : undefined),
      };
      if (!server.licenseUrl) continue;
      let access: MediaKeySystemAccess;
      try {
        access = await this.deps.requestMediaKeySystemAccess(system.keySystem, [
          {
            initDataTypes: ['cenc'],
            videoCapabilities: [{ contentType: `video/mp4; codecs="${videoCodec}"` }],
            ...(audioCodec && { audioCapabilities: [{ contentType: `audio/mp4; codecs="${audioCodec}"` }] }),
          },
        ]);
      } catch {
        continue;
      }
      const mediaKeys = await access.createMediaKeys();
      if (server.certificateUrl)
        await mediaKeys.setServerCertificate(await this.#get(server, server.certificateUrl, DrmFailure.Certificate));
      await video.setMediaKeys(mediaKeys);
      return { keySystem: system.keySystem, server, mediaKeys };
    }
    const names = systems.map((s) => s.keySystem).join(', ');
    throw new DrmStop(drmError(DrmFailure.NoCdm, 0, `none of ${names} with a license server`));
  }

  /** The video and audio codecs of the stream, for the capabilities the CDM is asked for. */
  #codecPair(): [string, string | null] {
    const codecs = this.deps
      .codecs()
      .split(',')
      .map((c) => c.trim());
    const video = codecs.find((c) => /^(avc|hvc|hev|av01|vp0?9)/i.test(c)) ?? 'avc1.42E01E';
    const audio = codecs.find((c) => /^(mp4a|ac-3|ec-3|opus)/i.test(c)) ?? null;
    return [video, audio];
  }

  #headers(server: DrmServer): Record<string, string> {
    const token = this.deps.token();
    return { ...server.headers, ...(token && { authorization: `Bearer ${token}` }) };
  }

  async #get(server: DrmServer, url: string, failure: DrmFailure): Promise<Uint8Array<ArrayBuffer>> {
    let response: Response;
    try {
      response = await this.deps.fetch(url, { headers: this.#headers(server), credentials: 'same-origin' });
    } catch (error) {
      throw new DrmStop(drmError(failure, 0, (error as Error).message));
    }
    if (!response.ok) throw new DrmStop(drmError(failure, response.status));
    return new Uint8Array(await response.arrayBuffer());
  }

  async #license(keySystem: string, server: DrmServer, session: MediaKeySession, message: ArrayBuffer): Promise<void> {
    const headers = this.#headers(server);
    if (server.authXmlUrl) {
      const authXml = new TextDecoder().decode(await this.#get(server, server.authXmlUrl, DrmFailure.AuthXml));
      headers.customdata = authXml.trim();
    }
    // ClearKey's request and answer are JSON (EME §9.1.3); the others' are the CDM's bytes.
    headers['content-type'] = keySystem === 'org.w3.clearkey' ? 'application/json' : 'application/octet-stream';
    let response: Response;
    try {
      response = await this.deps.fetch(server.licenseUrl!, {
        method: 'POST',
        body: message,
        headers,
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new DrmStop(drmError(DrmFailure.LicenseRequest, 0, (error as Error).message));
    }
    if (!response.ok) throw new DrmStop(drmError(licenseFailure(response.status), response.status));
    const license = new Uint8Array(await response.arrayBuffer());
    if (this.#destroyed) return;
    try {
      await session.update(license);
    } catch {
      throw new DrmStop(drmError(DrmFailure.LicenseServer, 0, 'rejected'));
    }
  }
}
