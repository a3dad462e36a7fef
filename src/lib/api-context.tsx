import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The API client, or null outside an <ApiProvider>. */
export function useOptionalApi(): ApiClient | null {
  return useContext(ApiContext);
}

/** The app's API client (tests provide one with their own fetch). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an <ApiProvider>');
  return client;
}
