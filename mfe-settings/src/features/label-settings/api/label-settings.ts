import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';

export type LabelSettings = ApiResponse<'getLabelSettings'>;
export type LabelSettingsBody = ApiBody<'updateLabelSettings'>;

/** GET /api/label-settings: the company's one label layout (every company starts with one). */
export function useLabelSettings() {
  return useQuery({
    queryKey: resourceKey('label-settings'),
    queryFn: async () => (await api.get<LabelSettings>('/api/label-settings')).data,
  });
}

/** PUT /api/label-settings: a save refreshes every screen that prints labels. */
export function useSaveLabelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LabelSettingsBody) => (await api.put<LabelSettings>('/api/label-settings', body)).data,
    onSuccess: (saved) => queryClient.setQueryData(resourceKey('label-settings'), saved),
  });
}
