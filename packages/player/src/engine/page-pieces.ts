/**
 * The start's pieces the page fetched for the engine (issue 36, the first frame). The embed's
 * early start holds the stream's playlists before the engine's worker has even started (the
 * platform writes them into the page), works out the start's first requests from them by the
 * engine's own rules (start-pieces.ts) and asks for them at once, while the worker starts: on a
 * network with a 50 ms round trip that is a round trip off the first frame. It names them with
 * `load` (`extra.pieces`) and hands each one's bytes over as it arrives (`pagePiece`).
 *
 * Here, the worker's `fetch` for a named URL waits for those bytes instead of asking again, once;
 * a piece the page could not get (null) is asked for as any other. What the engine never asks
 * for (its plan differed: a fresher playlist) is let go at the next `create` or with the worker.
 */
export class PagePieces {
  /** Each piece until it has both arrived and been asked for (in either order). */
  private readonly pieces = new Map<string, Piece>();

  /** The page is fetching these (`load`'s `extra.pieces`): the engine's requests for them wait. */
  expect(urls: readonly unknown[]): void {
    for (const url of urls) {
      if (typeof url !== 'string' || this.pieces.has(url)) continue;
      let arrive: (bytes: ArrayBuffer | null) => void = () => {};
      const bytes = new Promise<ArrayBuffer | null>((resolve) => (arrive = resolve));
      this.pieces.set(url, { bytes, arrive, arrived: false, taken: false });
    }
  }

  /** The page's answer for `url`: its bytes, or null where it got none. One not expected is ignored. */
  arrived(url: string, bytes: ArrayBuffer | null): void {
    const piece = this.pieces.get(url);
    if (!piece || piece.arrived) return;
    piece.arrived = true;
    piece.arrive(bytes instanceof ArrayBuffer ? bytes : null);
    if (piece.taken) this.pieces.delete(url);
  }

  /** Lets every piece go (a new engine: its start is its own). */
  clear(): void {
    for (const piece of this.pieces.values()) piece.arrive(null);
    this.pieces.clear();
  }

  /**
   * `fetch` as the engine uses it, answering a URL the page is fetching with the page's bytes
   * (once; a 200 with no headers: a start piece needs none), and everything else with `fetchFn`.
   * The request's signal is honoured while it waits, as a fetch's would be.
   */
  fetch(fetchFn: typeof fetch): typeof fetch {
    return (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const piece = this.pieces.get(url);
      if (!piece || piece.taken) return fetchFn(input, init);
      piece.taken = true;
      if (piece.arrived) this.pieces.delete(url);
      const signal = init?.signal;
      return new Promise<Response>((resolve, reject) => {
        const aborted = () => reject(signal?.reason ?? new DOMException('The request was aborted', 'AbortError'));
        if (signal?.aborted) return aborted();
        signal?.addEventListener('abort', aborted, { once: true });
        void piece.bytes.then((bytes) => {
          signal?.removeEventListener('abort', aborted);
          if (signal?.aborted) return;
          if (bytes) resolve(new Response(bytes, { status: 200 }));
          else fetchFn(input, init).then(resolve, reject);
        });
      });
    };
  }
}

interface Piece {
  bytes: Promise<ArrayBuffer | null>;
  arrive(bytes: ArrayBuffer | null): void;
  arrived: boolean;
  /** Asked for by the engine: a second request (a retry) goes to the network. */
  taken: boolean;
}
