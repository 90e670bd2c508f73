import { QueryClient } from '@tanstack/react-query';

/**
 * The admin's one QueryClient, given to <Admin>: the requests boot.ts starts before the first render
 * land in the cache the screens read (react-admin would otherwise create its own).
 */
export const queryClient = new QueryClient();
