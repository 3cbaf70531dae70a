/**
 * Whether the browser lets this page start playback with sound now, asked of a tiny silent,
 * muted `<audio>` (the autoplay policy applies to every media element of a document alike,
 * and an audio element never gets the muted-video exemption, so its answer is the one for
 * sound).
 *
 * Why the player asks at all: Chromium does not apply its autoplay policy to a `<video>` whose
 * `srcObject` is a worker MediaSource's handle the way it does to `src` (measured here with
 * `--autoplay-policy=user-gesture-required`: 6 of 8 unmuted `play()` calls resolved, with
 * sound). A page that would be refused sound must not get it through our worker engine, so
 * before an unmuted play on that sink the player asks here and, if refused, starts muted and
 * says so (`audio-blocked`), as on every other sink.
 */

/** 0.1 s of 8 kHz, 8-bit mono silence as a WAV file (44-byte header + samples). */
export function silentWav(samples = 800): Uint8Array {
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true); // sample rate
  view.setUint32(28, 8000, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // unsigned 8-bit: 128 is silence
  return bytes;
}

/** The probe as a data: URL (no request, nothing for a CSP's media-src beyond `data:`). */
export function silentWavUrl(): string {
  let binary = '';
  for (const byte of silentWav()) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

/**
 * How long the probe waits for a refusal. Chromium refuses in the same task as play() (0–1 ms
 * here); an allowed play resolves only once the WAV has loaded (~280 ms here), which the
 * player need not wait for: no refusal by then means allowed.
 */
export const SOUND_PROBE_WAIT_MS = 100;

/**
 * True unless the browser refuses to start the probe (NotAllowedError). The probe is a
 * *muted* `<audio>`: Chromium exempts only muted video from its sound policy, so a muted audio
 * element is refused exactly when sound would be, and, producing no sound, it takes no audio
 * focus (an audible probe that started late took the focus and paused the stream it was
 * asked for). Any other failure says nothing about the policy: the element's own play()
 * decides then.
 */
export async function soundAutoplayAllowed(): Promise<boolean> {
  if (typeof Audio === 'undefined') return true;
  const probe = new Audio();
  probe.muted = true;
  probe.src = silentWavUrl();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const playing = probe.play();
  // Stopped below before it may settle: that AbortError is nobody's to report.
  playing.catch(() => undefined);
  try {
    await Promise.race([playing, new Promise<void>((resolve) => (timer = setTimeout(resolve, SOUND_PROBE_WAIT_MS)))]);
    return true;
  } catch (error) {
    return (error as DOMException | undefined)?.name !== 'NotAllowedError';
  } finally {
    clearTimeout(timer);
    probe.pause();
    probe.removeAttribute('src');
    probe.load();
  }
}
