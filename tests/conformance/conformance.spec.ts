import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../e2e/support/fixtures.ts';
import { openLab } from '../e2e/support/player-lab.ts';
import { pageEarlyData, startChannelPlatform } from './channel-platform.ts';
import { CASES, FfmpegCannotWrite, startCase, type CorpusCase, type RunningCase } from './corpus.ts';
import { MEDIA_ORIGIN, MEDIA_PORT } from './ports.ts';
import { CONFORMANCE_ATTACHMENT, CONFORMANCE_CASE, type ConformanceRecord } from './record.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

/**
 * The conformance corpus (issue: "Every stream a real packager writes, on our own engine"):
 * each stream Debian's ffmpeg writes with its own HLS muxer (corpus.ts), served by a plain
 * static server on another origin (static-server.ts), is played in Chromium by the engine's lab
 * page on each sink: the player's own choice (`auto`: our worker engine, `mse-worker`, is what
 * it must choose in Chromium) and each sink by name. A stream plays when frames are decoded
 * and presented, media time moves on and, where it has sound, audio is decoded
 * (`webkitAudioDecodedByteCount` grows). Two cases run in the embed too, with the corpus's
 * origin allowed by EMBED_CONNECT_SRC (playwright.conformance.config.ts).
 *
 * What our player cannot do yet is a real assertion marked `test.fail('known gap: …')`: the
 * run is green today and goes red (an unexpected pass) the day a gap is closed, which is when
 * its line here is removed. The table of every case (test-results/conformance.md) says which
 * sink played what.
 */

type Mode = 'auto' | 'mse-worker' | 'default-media-source' | 'mse';
const MODES: readonly Mode[] = ['auto', 'mse-worker', 'default-media-source', 'mse'];

/** What `auto` must choose in Chromium: our own engine with MediaSource in its worker. */
const OUR_ENGINE = 'mse-worker';

/** Three fast, representative cases for a CI slice: `npm run conformance -- --grep @slice`. */
const SLICE = new Set(['fmp4-muxed', 'fmp4-alt-audio', 'ts']);

/** The cases also played in the embed (the channel's playback URL pointed at the corpus). */
const EMBED_CASES = new Set(['fmp4-muxed', 'hevc']);

/** The case also played in the embed of a channel that plays it, with the platform's copies of its playlists. */
const COPIES_CASE = 'fmp4-muxed';

/**
 * What fails today (seen at the commit that lands this file), by case and sink: each a test.fail, red the day it
 * passes, when its line goes. `auto` fails wherever our engine declines: the player then plays
 * on hls.js (`mse`), not our engine.
 */
// None today: HEVC on `mse` (hls.js said "Error 3", not NotSupported) closed with issue 33.
const KNOWN_GAPS: Record<string, Partial<Record<Mode | 'embed', string>>> = {};

interface Corpus {
  root: string;
  server: StaticServer;
}

const test = base.extend<object, { corpus: Corpus }>({
  /** The corpus's folder and its static server, for the whole worker. */
  corpus: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'onair-conformance-'));
      const server = await startStaticServer({ root, port: MEDIA_PORT });
      await use({ root, server });
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/** What the page shows of playback at one moment. */
interface Sample {
  frames: number;
  currentTime: number;
  paused: boolean;
  ended: boolean;
  audioBytes: number;
  /** From the start of the load (the lab) or of the navigation (the embed) to the first frame. */
  firstFrameMs: number | null;
  /** The media time of the first frame presented. */
  firstFrameMediaTime: number | null;
  /** The picture widths shown, in order (each change once). */
  widths: number[];
  sink: string | null;
  /** The first fatal error: `Type code (source): message`. */
  error: string | null;
  errorType: string | null;
  /** Subtitle cues seen: the player's text-cue events, which flow once the page shows a text track. */
  cues: number;
}

interface PageProbe {
  conformance?: { t0: number; firstFrameMs: number | null; firstFrameMediaTime: number | null; widths: number[] };
  player?: { getState(): { sink: string | null } };
  labEvents?: { type: string; payload: unknown }[];
  labStart?: (url: string, config: Record<string, unknown>, play: boolean, muted: boolean) => void;
}

/** Reads a Sample in the page. The embed has no `player` to ask: its sink is told from the element. */
function sample(page: Page): Promise<Sample> {
  return page.evaluate(() => {
    const w = window as unknown as PageProbe;
    const video = document.querySelector('video') as
      (HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) | null;
    const events = w.labEvents ?? [];
    const fatal = events
      .filter((e) => e.type === 'error')
      .map((e) => e.payload as { type: string; code: number; source: string; message: string; fatal: boolean })
      .find((e) => e.fatal);
    // Every sink hands its cues to the page (hls.js renders none into the element's text tracks).
    const cues = events.filter((e) => e.type === 'text-cue').length;
    const sink = w.player
      ? w.player.getState().sink
      : video && (video.srcObject ? 'mse-worker' : video.currentSrc.startsWith('blob:') ? 'page MediaSource' : null);
    return {
      frames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      currentTime: video?.currentTime ?? 0,
      paused: video?.paused ?? true,
      ended: video?.ended ?? false,
      audioBytes: video?.webkitAudioDecodedByteCount ?? 0,
      firstFrameMs: w.conformance?.firstFrameMs ?? null,
      firstFrameMediaTime: w.conformance?.firstFrameMediaTime ?? null,
      widths: w.conformance?.widths ?? [],
      sink,
      error: fatal ? `${fatal.type} ${fatal.code} (${fatal.source}): ${fatal.message}` : null,
      errorType: fatal?.type ?? null,
      cues,
    };
  });
}

/** Polls until `done` (or a fatal error) or `ms` have passed: the last sample, and whether `done` held. */
async function until(page: Page, done: (s: Sample) => boolean, ms: number): Promise<{ last: Sample; met: boolean }> {
  const deadline = Date.now() + ms;
  for (;;) {
    const last = await sample(page);
    if (done(last)) return { last, met: true };
    if (last.error || Date.now() > deadline) return { last, met: false };
    await page.waitForTimeout(250);
  }
}

/**
 * An init script: stamps the first frame the page's <video> presents, from `conformance.t0`
 * (the document's start, or whenever the test resets it).
 */
function stampFirstFrame(): void {
  const w = window as unknown as PageProbe;
  const probe: NonNullable<PageProbe['conformance']> = {
    t0: performance.now(),
    firstFrameMs: null,
    firstFrameMediaTime: null,
    widths: [],
  };
  w.conformance = probe;
  const hook = (video: HTMLVideoElement) => {
    video.requestVideoFrameCallback((_now, metadata) => {
      probe.firstFrameMs ??= performance.now() - probe.t0;
      probe.firstFrameMediaTime ??= metadata.mediaTime;
    });
    video.addEventListener('resize', () => {
      if (video.videoWidth && probe.widths.at(-1) !== video.videoWidth) probe.widths.push(video.videoWidth);
    });
  };
  const video = document.querySelector('video');
  if (video) hook(video);
  else {
    const observer = new MutationObserver(() => {
      const found = document.querySelector('video');
      if (found) {
        observer.disconnect();
        hook(found);
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }
}

/**
 * Starts the lab's player on `url` with the sink `mode` asks for; the first frame is timed from
 * here. With `subtitles`, the page turns the first text track on as it is listed (captions are
 * off until a page asks), so that its cues flow as `text-cue` events.
 */
async function startOnLab(page: Page, url: string, mode: Mode, subtitles = false): Promise<void> {
  await page.addInitScript(stampFirstFrame);
  await openLab(page);
  await page.evaluate(
    ({ url, mode, subtitles }) => {
      const w = window as unknown as PageProbe;
      w.conformance!.t0 = performance.now();
      // labAutoSink: the player's own choice; otherwise that sink and no other.
      const config = mode === 'auto' ? { labAutoSink: true } : { sink: mode };
      w.labStart!(url, { ...config, labFirstTextTrack: subtitles }, true, false);
    },
    { url, mode, subtitles },
  );
}

/**
 * Playing: a first frame within 20 s (a loaded machine seen taking 11 s), then 25 more frames and 2 s of media time, and audio
 * decoded meanwhile; subtitle cues where it has subtitles; a finished stream played from its
 * start to its end, and each of its encodes' pictures shown.
 */
async function watchPlayback(page: Page, entry: CorpusCase): Promise<{ last: Sample; problems: string[] }> {
  const first = await until(page, (s) => s.frames > 2 && !s.paused && s.currentTime > 0, 20_000);
  if (!first.met) {
    const why = first.last.error
      ? `error: ${first.last.error}`
      : `no frame played in 20 s (${first.last.frames} decoded)`;
    return { last: first.last, problems: [why] };
  }
  const b = first.last;
  const moved = (s: Sample) => s.frames - b.frames >= 25 && s.currentTime - b.currentTime >= 2;
  const heard = (s: Sample) => s.audioBytes > b.audioBytes && s.audioBytes > 0;
  // Sound is given until 4 s of media have played to show up; silence is not waited for longer.
  const end = await until(
    page,
    (s) => moved(s) && (!entry.audio || heard(s) || s.currentTime - b.currentTime >= 4),
    12_000,
  );
  let last = end.last;
  const problems: string[] = [];
  if (last.error) problems.push(`error: ${last.error}`);
  else if (!moved(last)) {
    problems.push(
      `stalled at ${last.currentTime.toFixed(1)} s (from ${(last.firstFrameMediaTime ?? 0).toFixed(1)} s): +${last.frames - b.frames} frames, +${(last.currentTime - b.currentTime).toFixed(1)} s in 12 s`,
    );
  } else if (entry.audio && !heard(last)) problems.push('silent: no audio decoded');
  if (entry.subtitles && problems.length === 0) {
    last = (await until(page, (s) => s.cues > 0, 6_000)).last;
    if (last.cues === 0) problems.push('no subtitle cue');
  }
  if (entry.seconds && problems.length === 0) {
    // A finished stream plays from its start to its end, and ends: waited for until it does,
    // or until its time has not moved for 5 s.
    let moving = { at: Date.now(), time: last.currentTime };
    last = (
      await until(
        page,
        (s) => {
          if (s.currentTime !== moving.time) moving = { at: Date.now(), time: s.currentTime };
          return s.ended || Date.now() - moving.at > 5_000;
        },
        (entry.seconds + 10) * 1000,
      )
    ).last;
    const from = last.firstFrameMediaTime ?? 0;
    if (last.error) problems.push(`error: ${last.error}`);
    else if (!last.ended) problems.push(`never ended: stuck at ${last.currentTime.toFixed(1)} s of ${entry.seconds}`);
    if (last.currentTime - from < entry.seconds - 1) {
      problems.push(`played ${(last.currentTime - from).toFixed(1)} s of ${entry.seconds}, from ${from.toFixed(1)} s`);
    }
  }
  const missing = (entry.widths ?? []).filter((width) => !last.widths.includes(width));
  if (missing.length && problems.length === 0) {
    problems.push(`showed ${last.widths.join(' then ')} px wide pictures, never ${missing.join(', ')}`);
  }
  return { last, problems };
}

/** Not playable here: the player must say so (NotSupported), not hang or play garbage. */
async function watchRefusal(page: Page): Promise<{ last: Sample; problems: string[] }> {
  const { last } = await until(page, () => false, 25_000);
  const problems: string[] = [];
  if (!last.error) problems.push(`no error in 25 s (hangs; ${last.frames} frames)`);
  else if (last.errorType !== 'NotSupported') problems.push(`error ${last.error}, not NotSupported`);
  if (last.frames > 0) problems.push(`${last.frames} frames decoded`);
  return { last, problems };
}

function record(entry: CorpusCase, asked: string, last: Sample, problems: string[]): ConformanceRecord {
  const outcome = problems.length
    ? problems.join('; ')
    : entry.notPlayable
      ? `refused: ${last.error}`
      : `plays${entry.audio ? ' with sound' : ''}${entry.subtitles ? ` and ${last.cues} cues` : ''}`;
  return {
    case: entry.id,
    asked,
    sink: last.sink,
    firstFrameMs: last.firstFrameMs,
    audioBytes: last.audioBytes,
    frames: last.frames,
    outcome,
  };
}

/** Which case and sink a test is about, for the table's row when it has no record (skipped). */
function about(id: string, asked: string): { type: string; description: string } {
  return { type: CONFORMANCE_CASE, description: JSON.stringify({ case: id, asked }) };
}

async function attach(result: ConformanceRecord): Promise<void> {
  await test.info().attach(CONFORMANCE_ATTACHMENT, {
    body: JSON.stringify(result),
    contentType: 'application/json',
  });
}

for (const entry of CASES) {
  test.describe(entry.id, () => {
    if (entry.ffmpegCannot) {
      test(`${entry.id}: ffmpeg cannot write it`, { annotation: about(entry.id, 'any') }, () => {
        test.skip(true, entry.ffmpegCannot);
      });
      return;
    }
    let running: RunningCase | null = null;
    let cannot: string | null = null;

    // ffmpeg runs while this case's tests do: started once for its sinks, stopped after them.
    test.beforeAll(async ({ corpus }) => {
      try {
        running = await startCase(entry.id, corpus.root);
      } catch (error) {
        if (!(error instanceof FfmpegCannotWrite)) throw error;
        cannot = error.message;
      }
    });
    test.afterAll(async () => {
      await running?.stop();
    });

    for (const mode of MODES) {
      const tag = mode === 'auto' && SLICE.has(entry.id) ? ['@slice'] : [];
      test(`${entry.id} on ${mode}`, { tag, annotation: about(entry.id, mode) }, async ({ page, corpus }) => {
        test.skip(cannot !== null, cannot ?? '');
        const gap = KNOWN_GAPS[entry.id]?.[mode];
        test.fail(gap !== undefined, `known gap: ${gap}`);
        const requests = corpus.server.log.length;
        await startOnLab(page, `${MEDIA_ORIGIN}/${running!.path}`, mode, entry.subtitles);
        const { last, problems } = entry.notPlayable ? await watchRefusal(page) : await watchPlayback(page, entry);
        if (entry.byteRanges) {
          // Each segment a range of the one file, never the whole of it again.
          const whole = corpus.server.log
            .slice(requests)
            .filter((r) => r.path.startsWith(`/${entry.id}/`) && !r.path.includes('.m3u8') && !r.range);
          if (whole.length) problems.push(`asked ${whole.length} times for the whole file, not its byte ranges`);
        }
        if (mode === 'auto' && !entry.notPlayable && problems.length === 0 && last.sink !== OUR_ENGINE) {
          problems.push(`played on ${last.sink}, not our engine`);
        }
        await attach(record(entry, mode, last, problems));
        expect(problems, `${entry.id} on ${mode} (${entry.description})`).toEqual([]);
      });
    }

    if (EMBED_CASES.has(entry.id)) {
      test(`${entry.id} in the embed`, { annotation: about(entry.id, 'embed') }, async ({ page }) => {
        test.skip(cannot !== null, cannot ?? '');
        const gap = KNOWN_GAPS[entry.id]?.embed;
        test.fail(gap !== undefined, `known gap: ${gap}`);
        const sinks: string[] = [];
        page.on('console', (message) => {
          const named = /playing it on (\S+)$/.exec(message.text())?.[1];
          if (named) sinks.push(named);
        });
        // The platform's channel API names the corpus as the channel's playback URL (a CDN's).
        await page.route('**/api/v2/channels/studio-live/playback-url', (route) =>
          route.fulfill({ json: { data: `${MEDIA_ORIGIN}/${running!.path}` } }),
        );
        // …and the page asks it: the platform writes the channel's own answers into its page
        // (early data, issue 36), which the page would take instead, and play the channel's
        // own stream, not the corpus's (as it did, unseen, until 2026-11-29). So the page is
        // served as a plain static host serves it, without them.
        await page.route('**/studio-live', async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(/<script id="onair-early-data"[^>]*>.*?<\/script>/s, '');
          await route.fulfill({ response, body: html });
        });
        await page.addInitScript(stampFirstFrame);
        await page.goto('/studio-live');
        let watched: { last: Sample; problems: string[] };
        if (entry.notPlayable) {
          const copy = page.getByText("This browser can't play this stream");
          const shown = await copy
            .waitFor({ timeout: 25_000 })
            .then(() => true)
            .catch(() => false);
          const last = await sample(page);
          watched = { last, problems: shown ? [] : ['no "can\'t play this stream" screen in 25 s'] };
          if (last.frames > 0) watched.problems.push(`${last.frames} frames decoded`);
          if (shown) last.error = "the screen: This browser can't play this stream";
        } else {
          watched = await watchPlayback(page, entry);
        }
        if (sinks.length) watched.last.sink = sinks.at(-1)!;
        await attach(record(entry, 'embed', watched.last, watched.problems));
        expect(watched.problems, `${entry.id} in the embed`).toEqual([]);
      });
    }

    if (entry.id === COPIES_CASE) {
      const title = `${entry.id} in the embed, from the platform’s copies of its playlists`;
      test(title, { tag: ['@slice'], annotation: about(entry.id, 'embed') }, async ({ page }) => {
        test.skip(cannot !== null, cannot ?? '');
        // A channel that plays the corpus (CHANNELS_FILE), on a platform of the test's own: it
        // keeps copies of the stream's playlists once it serves the page, and writes them into
        // it (apps/platform/src/external-playlists.ts). Never waited for by a page: looked for
        // here until a page carries them, as a later viewer's does.
        const platform = await startChannelPlatform(`${MEDIA_ORIGIN}/${running!.path}`);
        try {
          const pageUrl = `${platform.base}/${platform.slug}`;
          // A copy well within the age the engine starts from (3 s): the page that follows, a
          // moment later, starts from the same copy or a newer one, never one that aged out.
          const youngest = async () => {
            const media = (await pageEarlyData(pageUrl))?.media ?? [];
            return Math.min(Infinity, ...media.map((copy) => Date.now() - copy.writtenAtMs));
          };
          await expect.poll(youngest, { timeout: 20_000 }).toBeLessThan(1_500);
          await page.addInitScript(stampFirstFrame);
          await page.goto(pageUrl);
          const watched = await watchPlayback(page, entry);
          expect(watched.problems, title).toEqual([]);
          // The page asked the stream's origin for no playlist (it held both): its first
          // request there was the start's init segment. The worker's requests are its own.
          const asked = await page.evaluate(
            (origin) =>
              performance
                .getEntriesByType('resource')
                .map((e) => e.name)
                .filter((name) => name.startsWith(origin)),
            MEDIA_ORIGIN,
          );
          expect(asked.filter((name) => name.includes('.m3u8'))).toEqual([]);
          expect(asked[0]).toMatch(/\/init_\d+\.mp4$/);
        } finally {
          await platform.close();
        }
      });
    }
  });
}
