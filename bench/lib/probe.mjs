// The in-page probe, installed before any page script runs (Playwright's addInitScript) in
// every player's page alike. It observes the browser, never a player's internals:
// - the <video> element, through media events caught in the capture phase on the document
//   (they do not bubble, but capture reaches them): first frame, stalls, rate changes;
// - SourceBuffer.appendBuffer, to learn the timestampOffset each player gives the media it
//   appends, so the original media timestamp of the frame on screen is
//   currentTime − timestampOffset (players shift the stream's epoch timestamps to start
//   near 0; the offset says by how much);
// - resource timing, for the newest media segment or part the page has loaded.
// - long tasks (over 50 ms on the main thread), for the cost figures.
// A page may define window.__benchPlayerDate() → ms, its player's own program-date-time.
// Everything is recorded into window.__bench; Node reads it at the end.

/**
 * Prepended to the embed's engine worker (lib/site.mjs): the worker-side half of the probe.
 * It reports each append's timestampOffset and the buffered end after it, and every resource
 * the worker loaded with its start and end on the epoch clock, as `__bench` messages (the
 * player's own message decoder ignores them).
 */
export const WORKER_PROBE = `(function () {
  // When the worker's thread began, and when its script began to run, on the epoch clock.
  self.postMessage({ __bench: 'boot', originEpochMs: performance.timeOrigin, scriptEpochMs: performance.timeOrigin + performance.now() });
  var mark = function (name) {
    self.postMessage({ __bench: 'mark', name: name, epochMs: performance.timeOrigin + performance.now() });
  };
  // After the whole script's first run (a microtask runs once the script's task is done).
  queueMicrotask(function () { mark('worker script done'); });
  // Added before the engine's own listener, so it runs first: when each start command arrived.
  self.addEventListener('message', function (event) {
    var cmd = event.data && event.data.cmd;
    if (cmd === 'create' || cmd === 'load') mark('worker got ' + cmd);
  });
  var workerFetch = self.fetch, fetched = false;
  self.fetch = function () {
    if (!fetched) { fetched = true; mark('worker first fetch'); }
    return workerFetch.apply(self, arguments);
  };
  if (typeof SourceBuffer !== 'undefined') {
    var append = SourceBuffer.prototype.appendBuffer;
    var appends = 0;
    SourceBuffer.prototype.appendBuffer = function (data) {
      var buffer = this, offset = this.timestampOffset, n = ++appends;
      // The first two appends (the init segment, the first piece): when asked, when done.
      if (n <= 2) mark('worker append ' + n + ' asked');
      buffer.addEventListener('updateend', function () {
        if (n <= 2) mark('worker append ' + n + ' done');
        var r = buffer.buffered;
        if (r.length) self.postMessage({ __bench: 'append', offset: offset, end: r.end(r.length - 1) });
      }, { once: true });
      return append.call(this, data);
    };
  }
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        self.postMessage({ __bench: 'resource', name: e.name, startEpochMs: performance.timeOrigin + e.startTime,
          endEpochMs: performance.timeOrigin + e.responseEnd, transferSize: e.transferSize, decodedBodySize: e.decodedBodySize });
      });
    }).observe({ type: 'resource', buffered: true });
  } catch (e) {}
})();
`;

export function installProbe(sampleEveryMs) {
  const bench = {
    firstFrameMs: null, // performance.now() of the first presented frame (navigation start = 0)
    samples: [],
    waitingEvents: 0, // after the first frame
    stalls: [], // { atMs, endMs }: from a 'waiting' to the next 'playing'
    initialRate: null, // playbackRate when loading started
    rates: [], // { atMs, rate } for every 'ratechange'
    longTasks: [], // { atMs, durationMs }
    workerResources: [], // the engine worker's requests, as resource entries on the page's clock
    workerMarks: {}, // the engine worker's start-up marks (WORKER_PROBE), page clock
    workerBoot: null, // { originMs, scriptMs }: the engine worker's thread and script start, page clock
  };
  window.__bench = bench;
  // A live player makes many requests a minute; keep them all for the start-up figures.
  performance.setResourceTimingBufferSize(100_000);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        bench.longTasks.push({ atMs: entry.startTime, durationMs: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the count stays empty and the CDP busy time still tells
  }

  // SourceBuffer → [{ offset, end }]: the offset each append was made with, and the buffered
  // end once it was done, in append order.
  const appends = new Map();
  const appendBuffer = SourceBuffer.prototype.appendBuffer;
  SourceBuffer.prototype.appendBuffer = function (data) {
    const offset = this.timestampOffset;
    if (!appends.has(this)) appends.set(this, []);
    const records = appends.get(this);
    const done = () => {
      const ranges = this.buffered;
      if (ranges.length) records.push({ offset, end: ranges.end(ranges.length - 1) });
      if (records.length > 400) records.shift();
    };
    this.addEventListener('updateend', done, { once: true });
    try {
      return appendBuffer.call(this, data);
    } catch (error) {
      this.removeEventListener('updateend', done); // refused (e.g. quota): nothing was appended
      throw error;
    }
  };

  // Newest media chunk loaded: [msn, part] for part-<msn>.<part>.m4s, [msn, null] for a whole
  // seg-<msn>.m4s (which ends after all of its parts); by the page or the engine's worker. The
  // browser's own HLS under the live-manifest service worker may also be given the segment in
  // progress as onair-sw-prefetch-<msn>.m4s (its convertPrefetchSegment, off by default), whose
  // answer completes when the segment is whole: a whole segment too.
  let newestChunk = null;

  // The engine's worker (WORKER_PROBE) reports its appends and requests by message; its
  // appends count as one more SourceBuffer, its requests as the page's own resource entries.
  const workerKey = {
    get buffered() {
      return null;
    },
  };
  const PageWorker = window.Worker;
  window.Worker = function (url, options) {
    const worker = new PageWorker(url, options);
    worker.addEventListener('message', (event) => {
      const data = event.data;
      if (!data || typeof data.__bench !== 'string') return;
      if (data.__bench === 'append') {
        if (!appends.has(workerKey)) appends.set(workerKey, []);
        const records = appends.get(workerKey);
        records.push({ offset: data.offset, end: data.end });
        if (records.length > 400) records.shift();
      } else if (data.__bench === 'mark') {
        bench.workerMarks[data.name] ??= data.epochMs - performance.timeOrigin;
      } else if (data.__bench === 'boot') {
        bench.workerBoot = {
          originMs: data.originEpochMs - performance.timeOrigin,
          scriptMs: data.scriptEpochMs - performance.timeOrigin,
        };
      } else if (data.__bench === 'resource') {
        const entry = {
          name: data.name,
          startTime: data.startEpochMs - performance.timeOrigin,
          responseEnd: data.endEpochMs - performance.timeOrigin,
          transferSize: data.transferSize,
          decodedBodySize: data.decodedBodySize,
        };
        bench.workerResources.push(entry);
        noteChunk(entry.name);
      }
    });
    return worker;
  };
  window.Worker.prototype = PageWorker.prototype;

  /** Original media time of position t: t minus the offset of the append that buffered t. */
  function originalMediaTime(t) {
    for (const [buffer, records] of appends) {
      try {
        void buffer.buffered; // throws once the buffer left its MediaSource
      } catch {
        appends.delete(buffer);
        continue;
      }
      const record = records.find((r) => r.end > t);
      if (record) return t - record.offset;
    }
    return null;
  }

  const order = ([msn, part]) => msn * 1000 + (part ?? 999);
  function noteChunk(name) {
    // Ours (seg-N.m4s, part-N.K.m4s) and ffmpeg's HLS muxer's (seg_N.m4s, seg_N.ts: bench/packagers.mjs).
    const match =
      /\/(?:seg-(\d+)\.m4s|onair-sw-prefetch-(\d+)\.m4s|part-(\d+)\.(\d+)\.m4s|seg_(\d+)\.(?:m4s|ts))(?:$|\?)/.exec(
        name,
      );
    if (!match) return;
    const whole = match[1] ?? match[2] ?? match[5];
    const chunk = whole ? [Number(whole), null] : [Number(match[3]), Number(match[4])];
    if (!newestChunk || order(chunk) > order(newestChunk)) newestChunk = chunk;
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) noteChunk(entry.name);
  }).observe({ type: 'resource', buffered: true });

  let video = null;
  let stalled = null;
  const onVideo = (type, handler) =>
    document.addEventListener(type, (e) => e.target instanceof HTMLVideoElement && handler(e.target), true);

  const found = (v) => {
    if (video === v) return;
    video = v;
    bench.initialRate ??= v.playbackRate;
    v.requestVideoFrameCallback((_now, metadata) => {
      if (bench.firstFrameMs !== null) return;
      bench.firstFrameMs = metadata.presentationTime;
      // Node waits on this (first-frame.mjs FIRST_FRAME_BINDING) rather than evaluating in the
      // page while it starts. Absent in a page opened without it.
      window.__benchFirstFrame?.(bench.firstFrameMs)?.catch(() => undefined);
    });
  };
  onVideo('loadstart', found);
  // The element's first steps, for the start-up waterfall (first of each, page clock).
  bench.videoMarks = {};
  for (const type of ['loadedmetadata', 'loadeddata', 'seeking', 'seeked', 'playing'])
    onVideo(type, () => (bench.videoMarks['video ' + type] ??= performance.now()));
  // A player may give its <video> a source before the element is in the document (the embed
  // starts its player ahead of the screen that shows it): its events then never reach the
  // document, so the source setters name it too.
  for (const property of ['src', 'srcObject']) {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, property);
    Object.defineProperty(HTMLMediaElement.prototype, property, {
      ...descriptor,
      set(value) {
        descriptor.set.call(this, value);
        if (value && this instanceof HTMLVideoElement) found(this);
      },
    });
  }
  onVideo('waiting', () => {
    if (bench.firstFrameMs === null) return;
    bench.waitingEvents += 1;
    if (stalled) return;
    stalled = { atMs: performance.now(), endMs: null };
    bench.stalls.push(stalled);
  });
  onVideo('playing', () => {
    if (stalled) stalled.endMs = performance.now();
    stalled = null;
  });
  onVideo('ratechange', (v) => bench.rates.push({ atMs: performance.now(), rate: v.playbackRate }));

  setInterval(() => {
    if (!video || bench.firstFrameMs === null) return;
    const t = video.currentTime;
    const ranges = video.buffered;
    let playerDateMs = null;
    try {
      playerDateMs = window.__benchPlayerDate?.() ?? null;
    } catch {
      // the player is not ready to say
    }
    bench.samples.push({
      atMs: performance.now(),
      now: Date.now(),
      currentTime: t,
      readyState: video.readyState,
      bufferedEnd: ranges.length ? ranges.end(ranges.length - 1) : null,
      mediaTime: originalMediaTime(t),
      playerDateMs,
      newestChunk,
      rate: video.playbackRate,
      height: video.videoHeight,
      paused: video.paused,
    });
  }, sampleEveryMs);
}
