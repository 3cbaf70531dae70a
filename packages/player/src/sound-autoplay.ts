/**
 * Whether the browser lets this page start playback with sound now, asked of a tiny silent
 * `<audio>` (the autoplay policy applies to every media element of a document alike, and an
 * audio element never gets the muted-video exemption, so its answer is the one for sound).
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
 * How long the probe may take. A refusal comes at once (the policy is checked when play() is
 * called); an allowed play resolves once the WAV has loaded. Seen here: a probe asked while
 * the page's stream is reloading after a long stall did not settle at all, so an answer that
 * does not come in time is taken as "ask the element", never as a reason to wait.
 */
export const SOUND_PROBE_TIMEOUT_MS = 250;

/**
 * Plays the silent probe unmuted: true when the browser allows it, false when it refuses
 * (NotAllowedError). Any other failure (no audio output, a decoder missing) or no answer in
 * time says nothing about the policy, and the real element's own play() then decides.
 */
export async function soundAutoplayAllowed(): Promise<boolean> {
  if (typeof Audio === 'undefined') return true;
  const probe = new Audio();
  probe.src = silentWavUrl();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SOUND_PROBE_TIMEOUT_MS)));
    await Promise.race([probe.play(), late]);
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
