// The one way a remote hands its backend interface to its pages: React context, filled by the
// remote's exposed app component from its `api` prop (default: the HTTP implementation, which the
// app tests and the standalone dev page use too, on the real services), so no test replaces a module.
import { createContext, useContext, type ReactNode } from 'react';

export interface ApiProviderProps<Api> {
  api: Api;
  children?: ReactNode;
}

export interface ApiContext<Api> {
  /** Puts `api` in context for everything below it (the exposed app component renders it). */
  ApiProvider: (props: ApiProviderProps<Api>) => ReactNode;
  /** The `api` of the nearest ApiProvider; throws outside one (a page rendered without its app). */
  useApi: () => Api;
}

/**
 * A typed context for one remote's backend interface.
 *
 *   // mfe-x/src/api/context.ts
 *   export const { ApiProvider: XApiProvider, useApi: useXApi } = createApiContext<XApi>('XApi');
 */
export function createApiContext<Api>(name: string): ApiContext<Api> {
  const Context = createContext<Api | null>(null);
  Context.displayName = name;

  function ApiProvider({ api, children }: ApiProviderProps<Api>) {
    return <Context.Provider value={api}>{children}</Context.Provider>;
  }

  function useApi(): Api {
    const api = useContext(Context);
    if (api === null) {
      throw new Error(`${name} is missing: render this component inside its remote's app (ApiProvider)`);
    }
    return api;
  }

  return { ApiProvider, useApi };
}
