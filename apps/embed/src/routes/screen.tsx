import type { ReactNode } from 'react';
import { useBreakpoint } from '../lib/use-breakpoint.ts';
import './screens.css';

interface ScreenProps {
  children: ReactNode;
  /** Extra class names: `screen--center` stacks the content in the middle. */
  className?: string;
  testId?: string;
}

/**
 * The root of every non-player screen, its `main` landmark: fills the frame, clips nothing it needs (each screen's
 * CSS keeps its content inside 320x180), and carries the current breakpoint as
 * `data-breakpoint` so CSS and tests see the debounced value the components see.
 */
export function Screen({ children, className, testId }: ScreenProps) {
  const breakpoint = useBreakpoint();
  return (
    <main className={className ? `screen ${className}` : 'screen'} data-testid={testId} data-breakpoint={breakpoint}>
      {children}
    </main>
  );
}
