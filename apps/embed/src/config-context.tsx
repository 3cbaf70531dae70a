import type { PublicConfig } from '@onair/config';
import { createContext, useContext, type ReactNode } from 'react';

const ConfigContext = createContext<PublicConfig | null>(null);

/** The validated public configuration, read once at start-up (main.tsx). */
export function ConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function usePublicConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('usePublicConfig must be used inside ConfigProvider');
  return config;
}
