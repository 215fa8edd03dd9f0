import type { Group } from '@parta/shared/domain/contracts/people';

/** Whether the classes come from more than one organization (a school with its branch). */
export function spansOrganizations(groups: Pick<Group, 'organization_id'>[]): boolean {
  return new Set(groups.map((group) => group.organization_id)).size > 1;
}

/**
 * Select options for classes: «5А», or «5А · Филиал …» when a branch has a class of the same name,
 * so a director of a school with a branch can tell them apart.
 */
export function groupOptions(groups: Group[]): { value: string; label: string }[] {
  const withOrganization = spansOrganizations(groups);
  return groups.map((group) => ({
    value: String(group.id),
    label: withOrganization ? `${group.name} · ${group.organization_name}` : group.name,
  }));
}
