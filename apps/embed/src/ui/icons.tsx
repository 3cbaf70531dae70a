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

/** A circular arrow: play the video again from the start. */
export const ReplayIcon = () => (
  <svg {...common}>
    <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8Z" />
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

export const ExitFullscreenIcon = () => (
  <svg {...common}>
    <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export const PictureInPictureIcon = () => (
  <svg {...common}>
    <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
    <rect x="12" y="11" width="7" height="6" rx="1" />
  </svg>
);

/** A screen with waves in its corner: the usual cast symbol (drawn here, not copied). */
export const CastIcon = ({ connected = false }: { connected?: boolean }) => (
  <svg {...common}>
    <path d="M3 17v2h2a2 2 0 0 0-2-2Z" />
    <path d="M3 13.5v1.8a3.7 3.7 0 0 1 3.7 3.7h1.8A5.5 5.5 0 0 0 3 13.5Z" />
    <path d="M3 10v1.8a7.2 7.2 0 0 1 7.2 7.2H12a9 9 0 0 0-9-9Z" />
    <path d="M21 5H3a2 2 0 0 0-2 2v1.5h2V7h18v10h-6v2h6a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Z" />
    {connected && <rect x="5" y="9" width="14" height="6" rx="1" opacity="0.6" />}
  </svg>
);

/** A caption box with "CC"; filled while captions are on. */
export const CaptionsIcon = ({ on }: { on: boolean }) => (
  <svg {...common}>
    <path
      d={
        on
          ? 'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm6.5 5.2a2.3 2.3 0 1 0 0 3.6l-.9-1a1 1 0 1 1 0-1.6Zm7 0a2.3 2.3 0 1 0 0 3.6l-.9-1a1 1 0 1 1 0-1.6Z'
          : 'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2v10h16V7Zm6.5 3.2a2.3 2.3 0 1 0 0 3.6l-.9-1a1 1 0 1 1 0-1.6Zm7 0a2.3 2.3 0 1 0 0 3.6l-.9-1a1 1 0 1 1 0-1.6Z'
      }
      fillRule="evenodd"
    />
  </svg>
);

export const SettingsIcon = () => (
  <svg {...common}>
    <path
      d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8.1 5.1-1.7-.3a6.7 6.7 0 0 1-.6 1.5l1 1.4-2 2-1.4-1a6.7 6.7 0 0 1-1.5.6l-.3 1.7h-2.8l-.3-1.7a6.7 6.7 0 0 1-1.5-.6l-1.4 1-2-2 1-1.4a6.7 6.7 0 0 1-.6-1.5l-1.7-.3v-2.8l1.7-.3c.1-.5.3-1 .6-1.5l-1-1.4 2-2 1.4 1c.5-.3 1-.5 1.5-.6l.3-1.7h2.8l.3 1.7c.5.1 1 .3 1.5.6l1.4-1 2 2-1 1.4c.3.5.5 1 .6 1.5l1.7.3Z"
      fillRule="evenodd"
    />
  </svg>
);

export const CloseIcon = () => (
  <svg {...common}>
    <path d="m6 6 12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);
