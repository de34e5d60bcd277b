import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createAuthClient, type AuthClient } from '../lib/auth/auth-client';
import { AuthClientContext } from '../lib/auth/use-auth';
import { createQueryClient } from '../lib/query-client';

export function Providers({ children, authClient }: { children: ReactNode; authClient?: AuthClient }) {
  const [queryClient] = useState(createQueryClient);
  const [client] = useState(() => authClient ?? createAuthClient());
  useEffect(() => {
    void client.start();
    // Cached data belongs to the person who was signed in.
    const unsubscribe = client.subscribe((event) => {
      if (event === 'SIGNED_OUT') queryClient.clear();
    });
    return () => {
      unsubscribe();
    };
  }, [client, queryClient]);
  return (
    <AuthClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AuthClientContext.Provider>
  );
}
