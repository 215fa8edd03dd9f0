import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../api/requests';
import type { OrganizationOption } from '../domain/contracts/organizations';
import { classOptions } from '../domain/options';
import { queryKeys } from './query-keys';

/** GET /api/organizations/my-and-children: `data` is the user's organization and its children (SPEC §6, §7). */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  return apiGet<OrganizationOption[]>('/organizations/my-and-children', {
    signal,
  });
}

/** The caller's organization tree; it changes rarely, so it is kept for five minutes. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: queryKeys.organizations.options,
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 5 * 60_000,
  });
}

/** What a class label needs of a load line (journal index, load, КТП). */
export interface ClassOfLine {
  group_id: number;
  group_name: string;
  organization_id: number;
}

/**
 * The label of each class of some load lines, as every class picker names it (`classOptions`:
 * «1А · Филиал …» where a school and its branch both have a «1А»), for labels built around a class.
 */
export function useClassLabels(lines: readonly ClassOfLine[]): Map<number, string> {
  const organizations = useOrganizationOptions();
  return useMemo(() => {
    const classes = lines.map((line) => ({
      id: line.group_id,
      name: line.group_name,
      organization_id: line.organization_id,
    }));
    return new Map(
      classOptions(classes, organizations.data ?? []).map((option) => [Number(option.value), option.label]),
    );
  }, [lines, organizations.data]);
}
