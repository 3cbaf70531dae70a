/** The part of mux.js's MPEG-TS → fMP4 transmuxer the engine uses (the package ships no types). */
declare module 'mux.js/lib/mp4/transmuxer.js' {
  export interface TransmuxedCaption {
    startTime: number;
    endTime: number;
    text: string;
    stream: string;
  }
  export interface TransmuxedSegment {
    type: 'combined' | 'video' | 'audio';
    initSegment: Uint8Array;
    data: Uint8Array;
    captions: TransmuxedCaption[];
  }
  export class Transmuxer {
    constructor(options?: { keepOriginalTimestamps?: boolean; remux?: boolean });
    on(event: 'data', listener: (segment: TransmuxedSegment) => void): void;
    push(bytes: Uint8Array): void;
    flush(): void;
    reset(): void;
  }
}
