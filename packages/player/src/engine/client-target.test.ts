import { describe, expect, it } from 'vitest';
import { ClientTarget } from './client-target.ts';
import { MediaTargetError } from './media-target.ts';
import type { SinkOperation } from './protocol.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The operations answered by id (all but the live window). */
type Answered = Exclude<SinkOperation, { type: 'sinkSeekable' }>;

function setUp() {
  const posted: Answered[] = [];
  const windows: SinkOperation[] = [];
  const target = new ClientTarget((operation) =>
    operation.type === 'sinkSeekable' ? windows.push(operation) : posted.push(operation),
  );
  const update = (done?: number, buffered?: { start: number; end: number }[]) =>
    target.answer({ cmd: 'onClientSinkUpdate', currentTime: 0, paused: false, rate: 1, done, buffered });
  return { posted, windows, target, update };
}

describe('ClientTarget (default-media-source, worker side)', () => {
  it('posts the live window at once, unanswered, even while an operation waits for its answer', async () => {
    const { posted, windows, target } = setUp();
    void target.append(new Uint8Array([1]));
    await flush();
    target.setSeekable(10, 16.5);
    expect(posted).toHaveLength(1);
    expect(windows).toEqual([{ type: 'sinkSeekable', epoch: 0, start: 10, end: 16.5 }]);
  });

  it('posts one operation at a time and settles each when the page answers its id', async () => {
    const { posted, target, update } = setUp();
    const settled: string[] = [];
    void target.configure('video/mp4; codecs="avc1.64001f"').then(() => settled.push('configure'));
    void target.append(new Uint8Array([1, 2])).then(() => settled.push('append'));
    await flush();
    expect(posted).toEqual([{ type: 'sinkConfigure', id: 1, epoch: 0, mime: 'video/mp4; codecs="avc1.64001f"' }]);
    update(); // a position report settles nothing
    update(2); // nor an answer to another id
    await flush();
    expect(settled).toEqual([]);
    update(1, [{ start: 0, end: 2 }]);
    await flush();
    expect(settled).toEqual(['configure']);
    expect(posted[1]).toEqual({ type: 'sinkAppend', id: 2, epoch: 0, bytes: new Uint8Array([1, 2]) });
    expect(target.buffered()).toEqual([{ start: 0, end: 2 }]);
    update(2);
    await flush();
    expect(settled).toEqual(['configure', 'append']);
  });

  it('rejects with the media error the page reports, recoverable when the buffer is full', async () => {
    const { posted, target } = setUp();
    const refused = target.append(new Uint8Array([1]));
    await flush();
    target.answer({ cmd: 'onClientSinkError', id: posted[0]!.id, code: 3, message: 'appendBuffer failed' });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaTargetError);
    expect(error).toMatchObject({ code: 3, recoverable: false, elementReports: true });

    const full = target.append(new Uint8Array([2]));
    await flush();
    target.answer({
      cmd: 'onClientSinkRecoverableError',
      id: posted[1]!.id,
      name: 'QuotaExceededError',
      message: 'full',
    });
    expect(await full.catch((e: unknown) => e)).toMatchObject({ recoverable: true, elementReports: false });
  });

  it('after a reset, refuses what was in flight and names the new MediaSource in what follows', async () => {
    const { posted, target, update } = setUp();
    update(undefined, [{ start: 0, end: 4 }]);
    const inFlight = target.append(new Uint8Array([1]));
    await flush();
    target.reset(1);
    expect(await inFlight.catch((e: unknown) => e)).toMatchObject({ recoverable: true });
    expect(target.buffered()).toEqual([]);
    void target.remove(0, 1);
    await flush();
    expect(posted.at(-1)).toMatchObject({ type: 'sinkRemove', epoch: 1, start: 0, end: 1 });
  });

  it('asks nothing for an empty removal', async () => {
    const { posted, target } = setUp();
    await target.remove(3, 3);
    expect(posted).toEqual([]);
  });
});
