import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';

/** GET /auth/v1/settings: which sign-in options this server offers. */
export const authSettingsSchema = z.object({
  external: z.object({ google: z.boolean() }),
  mailbox: z.boolean(),
  /** The seeded embedded demo's accounts, offered on the sign-in page; empty outside the demo. */
  demo_accounts: z
    .array(z.object({ label: z.string(), email: z.string(), password: z.string() }))
    .default([]),
});
export type DemoAccount = AuthSettings['demo_accounts'][number];
export type AuthSettings = z.infer<typeof authSettingsSchema>;

export const fetchAuthSettings = (signal?: AbortSignal) =>
  apiRequest('/auth/v1/settings', authSettingsSchema, { signal });

export const authSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'settings'], queryFn: ({ signal }) => fetchAuthSettings(signal) });

export const useAuthSettings = () => useQuery(authSettingsQueryOptions());
