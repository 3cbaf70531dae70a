/**
 * SPEC §8 cast errors, from the Cast sender framework's error codes (chrome.cast.ErrorCode's
 * names, which the stand-in sender library uses too):
 * - SESSION_ERROR → a sink error, 'Chromecast session error';
 * - RECEIVER_UNAVAILABLE → the remote device is unavailable (no error: the cast button goes);
 * - LOAD_MEDIA_FAILED → 'Chromecast load media failed';
 * - CANCEL → the viewer closed the picker: remote playback ends, nothing to report;
 * - anything else → 'Error requesting chromecast session'.
 */
export const CastErrorMessage = {
  SessionError: 'Chromecast session error',
  LoadMediaFailed: 'Chromecast load media failed',
  RequestFailed: 'Error requesting chromecast session',
} as const;

export type CastOutcome = { type: 'error'; message: string } | { type: 'receiver-unavailable' } | { type: 'cancelled' };

export function classifyCastError(code: string | undefined): CastOutcome {
  switch (code) {
    case 'session_error':
    case 'SESSION_ERROR':
      return { type: 'error', message: CastErrorMessage.SessionError };
    case 'receiver_unavailable':
    case 'RECEIVER_UNAVAILABLE':
      return { type: 'receiver-unavailable' };
    case 'load_media_failed':
    case 'LOAD_MEDIA_FAILED':
      return { type: 'error', message: CastErrorMessage.LoadMediaFailed };
    case 'cancel':
    case 'CANCEL':
      return { type: 'cancelled' };
    default:
      return { type: 'error', message: CastErrorMessage.RequestFailed };
  }
}
