import { createOwnTsRemuxer } from './own-ts-remuxer.ts';
import type { TsRemuxer } from './ts-remuxer.ts';

/**
 * A stream's MPEG-TS remuxer: our own (own-ts-remuxer.ts, part of the engine's worker, so an
 * MPEG-TS start loads and compiles no script of its own), until a segment's video carries
 * CEA-608/708 captions, which it does not read. From that segment on, mux.js's transmuxer
 * (ts-remuxer.ts, its own script: `loadCaptionReader`, loaded then and only then) remuxes the
 * stream and reads its captions. Where that script cannot be had, the stream plays on without
 * its captions rather than not at all.
 */
export function createStreamRemuxer(loadCaptionReader: () => TsRemuxer): TsRemuxer {
  const own = createOwnTsRemuxer();
  let reader: TsRemuxer | null = null;
  let readerFailed = false;
  return {
    remux(bytes) {
      if (reader) return reader.remux(bytes);
      const remuxed = own.remux(bytes);
      if (!own.captionsSeen || readerFailed) return remuxed;
      try {
        reader = loadCaptionReader();
      } catch {
        readerFailed = true;
        return remuxed;
      }
      return reader.remux(bytes);
    },
    reset() {
      own.reset();
      reader?.reset();
    },
  };
}
