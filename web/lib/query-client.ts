import { QueryClient } from "@tanstack/react-query";
import { defaultQueryFn } from "./api.ts";
import { sweepUnlistedImages } from "./image-lists.ts";

/** docs/product/web-app.md (Data): queries never go stale; no retries; no refetch on focus; no polling. */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  sweepUnlistedImages(queryClient);
  return queryClient;
}
