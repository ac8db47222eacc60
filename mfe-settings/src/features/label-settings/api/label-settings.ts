import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';

export type LabelSettings = ApiResponse<'getLabelSettings'>;
export type LabelSettingsBody = ApiBody<'updateLabelSettings'>;

/** GET /api/label-settings: the company's one label layout (every company starts with one). */
export function useLabelSettings() {
  return useQuery({
    queryKey: resourceKey('label-settings'),
    queryFn: () => call('GET', '/api/label-settings'),
  });
}

/** PUT /api/label-settings: a save refreshes every screen that prints labels. */
export function useSaveLabelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelSettingsBody) => call('PUT', '/api/label-settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(resourceKey('label-settings'), saved),
  });
}
