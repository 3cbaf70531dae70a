import type { ReactNode } from 'react';
import { EXTERNAL_LINK } from '../lib/main-site-links.ts';

interface ExternalLinkProps {
  /**
   * Already checked to be http(s) (lib/main-site-links.ts, lib/safe-url.ts); null renders
   * the text unlinked.
   */
  href: string | null;
  className?: string;
  children: ReactNode;
}

/**
 * A link out of the embed: a new tab with `rel="noopener noreferrer"`, so the opened page can
 * neither script the frame nor learn which page embedded it. Screen readers hear that it opens
 * a new tab; sighted visitors see the usual hover/focus cue.
 */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a className={className ? `link ${className}` : 'link'} href={href} {...EXTERNAL_LINK}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
