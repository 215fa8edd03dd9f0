import { apiClient, type OrganizationSettingKey, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/organizations/settings: the values go as strings (SPEC §7). */
export async function updateSettings(values: Record<OrganizationSettingKey, number>): Promise<void> {
  await apiClient.put(
    '/organizations/settings',
    (Object.keys(values) as OrganizationSettingKey[]).map((key) => ({ key, value: String(values[key]) })),
  );
}

/** Saves the settings; every grid built from them refetches. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.settings }),
  });
}
