import type { BarangaysResponse, PlacesResponse } from '@habi/shared';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

// The PSGC list changes with a release, that is with a deploy: read once per visit.

/** GET /places: regions, provinces and cities or municipalities (about 20 kB compressed). */
export const placesQuery = queryOptions({
  queryKey: ['places'],
  queryFn: ({ signal }) => request<PlacesResponse>('/places', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /places/cities/{code}/barangays: one city's barangays, read when it is chosen. */
export const barangaysQuery = (cityCode: string) =>
  queryOptions({
    queryKey: ['places', cityCode, 'barangays'],
    queryFn: ({ signal }) =>
      request<BarangaysResponse>(`/places/cities/${encodeURIComponent(cityCode)}/barangays`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
