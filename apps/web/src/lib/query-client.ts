import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './graphql-client.ts';
import { isCancellation } from './request-registry.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx (validation, permission, expired session) never helps; a network blip may.
        retry: (failureCount, error) =>
          !isCancellation(error) &&
          (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
