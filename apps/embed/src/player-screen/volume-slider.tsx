import { VOLUME_STEP } from '../player/requests.ts';

interface VolumeSliderProps {
  volume: number;
  muted: boolean;
  disabled: boolean;
  onVolume(volume: number): void;
}

/**
 * A native range input (keyboard, touch and screen readers for free) in percent. Muted
 * shows as 0 % without losing the volume to come back to; moving the slider unmutes.
 */
export function VolumeSlider({ volume, muted, disabled, onVolume }: VolumeSliderProps) {
  const percent = muted ? 0 : Math.round(volume * 100);
  return (
    <input
      className="volume"
      type="range"
      min={0}
      max={100}
      step={VOLUME_STEP * 100}
      value={percent}
      disabled={disabled}
      aria-label="Volume"
      aria-valuenow={percent}
      aria-valuetext={muted ? 'Muted' : `${percent}%`}
      style={{ '--volume': `${percent}%` } as React.CSSProperties}
      onChange={(event) => onVolume(Number(event.currentTarget.value) / 100)}
    />
  );
}
