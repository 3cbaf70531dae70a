/**
 * Control icons as inline SVG: they render the same everywhere, need no icon font or emoji
 * font, and are decorative (the button carries the accessible name).
 */
const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;

export const PlayIcon = () => (
  <svg {...common}>
    <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5Z" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...common}>
    <rect x="5" y="4" width="5" height="16" rx="1" />
    <rect x="14" y="4" width="5" height="16" rx="1" />
  </svg>
);

export const VolumeIcon = () => (
  <svg {...common}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export const MutedIcon = () => (
  <svg {...common}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="m16 9 6 6m0-6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export const FullscreenIcon = () => (
  <svg {...common}>
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);
