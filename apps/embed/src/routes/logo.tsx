import { ExternalLink } from './external-link.tsx';

/**
 * The OnAir logo: an on-air mark and the word, drawn inline (no request, crisp at any size,
 * its colour from CSS). With `href` it links to the main site; without (a misconfigured embed
 * has no main-site URL it can trust) it is a picture with a name.
 */
export function Logo({ href }: { href?: string | null }) {
  const content = (
    <>
      <svg className="logo__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="3.5" fill="currentColor" />
        <path
          d="M7.05 7.05a7 7 0 0 0 0 9.9M16.95 7.05a7 7 0 0 1 0 9.9M4.22 4.22a11 11 0 0 0 0 15.56M19.78 4.22a11 11 0 0 1 0 15.56"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__word">OnAir</span>
    </>
  );
  if (href) {
    return (
      <ExternalLink href={href} className="logo">
        {content}
      </ExternalLink>
    );
  }
  return (
    <span className="logo" role="img" aria-label="OnAir">
      {content}
    </span>
  );
}
