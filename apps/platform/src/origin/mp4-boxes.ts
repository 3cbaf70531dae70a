/**
 * Minimal ISO BMFF (MP4) box reading and writing.
 *
 * Only what the origin needs: walking box trees, reading the fixed-layout
 * fields of a handful of boxes, and serialising new boxes. Everything works on
 * `Uint8Array` views so the fixture can be sliced without copying.
 */

export interface Box {
  /** Four-character code, e.g. `moof`. */
  type: string;
  /** Offset of the first byte of the box header within the buffer. */
  start: number;
  /** Offset of the first byte of the payload (after size/type/largesize). */
  payloadStart: number;
  /** Offset one past the last byte of the box. */
  end: number;
}

export class Mp4FormatError extends Error {
  override name = 'Mp4FormatError';
}

export function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function fourcc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(
    bytes[offset] ?? 0,
    bytes[offset + 1] ?? 0,
    bytes[offset + 2] ?? 0,
    bytes[offset + 3] ?? 0,
  );
}

/** Reads the header of the box starting at `offset`, bounded by `limit`. */
export function readBox(bytes: Uint8Array, offset: number, limit = bytes.byteLength): Box {
  if (offset + 8 > limit) {
    throw new Mp4FormatError(`truncated box header at byte ${offset}`);
  }
  const view = dataView(bytes);
  const size32 = view.getUint32(offset);
  const type = fourcc(bytes, offset + 4);
  let headerSize = 8;
  let size: number;
  if (size32 === 1) {
    if (offset + 16 > limit) throw new Mp4FormatError(`truncated largesize of ${type} at ${offset}`);
    size = Number(view.getBigUint64(offset + 8));
    headerSize = 16;
  } else if (size32 === 0) {
    // Size 0 means "extends to the end of the enclosing container".
    size = limit - offset;
  } else {
    size = size32;
  }
  if (type === 'uuid') headerSize += 16;
  if (size < headerSize || offset + size > limit) {
    throw new Mp4FormatError(`box ${type} at byte ${offset} has invalid size ${size}`);
  }
  return { type, start: offset, payloadStart: offset + headerSize, end: offset + size };
}

/** Lists the boxes laid end to end in `[start, end)`. */
export function readBoxes(bytes: Uint8Array, start = 0, end = bytes.byteLength): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    const box = readBox(bytes, offset, end);
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
}

/** Children of a plain container box (moov, trak, moof, traf, ...). */
export function children(bytes: Uint8Array, parent: Box, skip = 0): Box[] {
  return readBoxes(bytes, parent.payloadStart + skip, parent.end);
}

export function findChild(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return children(bytes, parent).find((b) => b.type === type);
}

export function requireChild(bytes: Uint8Array, parent: Box, type: string): Box {
  const box = findChild(bytes, parent, type);
  if (!box) throw new Mp4FormatError(`${parent.type} at byte ${parent.start} has no ${type}`);
  return box;
}

/** Follows a path of container types, e.g. `['mdia', 'minf', 'stbl']`. */
export function requirePath(bytes: Uint8Array, parent: Box, path: readonly string[]): Box {
  let box = parent;
  for (const type of path) box = requireChild(bytes, box, type);
  return box;
}

/** Version and flags of a full box. */
export function fullBoxHeader(bytes: Uint8Array, box: Box): { version: number; flags: number } {
  if (box.payloadStart + 4 > box.end) throw new Mp4FormatError(`full box ${box.type} too short`);
  const word = dataView(bytes).getUint32(box.payloadStart);
  return { version: word >>> 24, flags: word & 0xffffff };
}

/** Sequential big-endian field reads; bounds are checked by the caller. */
export class FieldReader {
  constructor(
    private readonly view: DataView,
    public offset: number,
  ) {}

  u32(): number {
    const value = this.view.getUint32(this.offset);
    this.offset += 4;
    return value;
  }

  i32(): number {
    const value = this.view.getInt32(this.offset);
    this.offset += 4;
    return value;
  }

  u64(): number {
    const value = Number(this.view.getBigUint64(this.offset));
    this.offset += 8;
    return value;
  }

  i64(): number {
    const value = Number(this.view.getBigInt64(this.offset));
    this.offset += 8;
    return value;
  }
}

// ---------------------------------------------------------------------------
// Writing

/**
 * Growable big-endian byte writer. Used to build payloads; boxes are then
 * wrapped with {@link box}/{@link fullBox}.
 */
export class ByteWriter {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.byteLength) return;
    let capacity = this.buf.byteLength * 2;
    while (capacity < this.length + extra) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): this {
    this.ensure(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
    return this;
  }

  u32(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`${value} does not fit an unsigned 32-bit field`);
    }
    this.ensure(4);
    this.view.setUint32(this.length, value);
    this.length += 4;
    return this;
  }

  i32(value: number): this {
    if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
      throw new RangeError(`${value} does not fit a signed 32-bit field`);
    }
    this.ensure(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
    return this;
  }

  u64(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${value} is not a safe unsigned integer`);
    }
    this.ensure(8);
    this.view.setBigUint64(this.length, BigInt(value));
    this.length += 8;
    return this;
  }

  bytes(data: Uint8Array): this {
    this.ensure(data.byteLength);
    this.buf.set(data, this.length);
    this.length += data.byteLength;
    return this;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.byteLength;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  if (type.length !== 4) throw new RangeError(`box type must be 4 characters: ${type}`);
  const body = concatBytes(payload);
  const header = new ByteWriter().u32(8 + body.byteLength);
  for (let i = 0; i < 4; i++) header.u8(type.charCodeAt(i));
  return concatBytes([header.finish(), body]);
}

export function fullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  const vf = new ByteWriter().u32((((version & 0xff) << 24) | (flags & 0xffffff)) >>> 0).finish();
  return box(type, vf, ...payload);
}
