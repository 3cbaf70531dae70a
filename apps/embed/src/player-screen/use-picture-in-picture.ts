import { useCallback, useEffect, useState } from 'react';

export interface PictureInPictureControl {
  supported: boolean;
  active: boolean;
  toggle(): void;
}

/**
 * Picture-in-picture where the browser has it (`document.pictureInPictureEnabled`). Whether
 * the video is in its window is the browser's window state, not playback state, so it is
 * read from the element's enter/leave events.
 */
export function usePictureInPicture(video: HTMLVideoElement | null): PictureInPictureControl {
  const [active, setActive] = useState(false);
  const supported =
    typeof document !== 'undefined' &&
    document.pictureInPictureEnabled === true &&
    typeof video?.requestPictureInPicture === 'function' &&
    !video.disablePictureInPicture;

  useEffect(() => {
    if (!video) return;
    const onEnter = () => setActive(true);
    const onLeave = () => setActive(false);
    video.addEventListener('enterpictureinpicture', onEnter);
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => {
      video.removeEventListener('enterpictureinpicture', onEnter);
      video.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, [video]);

  const toggle = useCallback(() => {
    if (!video) return;
    const request =
      document.pictureInPictureElement === video ? document.exitPictureInPicture() : video.requestPictureInPicture();
    void request.catch((error: unknown) => console.warn('Picture-in-picture refused', error));
  }, [video]);

  return { supported, active, toggle };
}
