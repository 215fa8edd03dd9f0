import type { Actor } from '../plugins/auth';
import { assertInScope } from './scope';

/**
 * The organization a write is for: the one the request names (`organization_id` of the body or the
 * query), else the caller's own. One outside the caller's scope answers 404, like one that does not
 * exist, on every route.
 */
export function targetOrganization(actor: Actor, requested?: number | null): number {
  const organizationId = requested ?? actor.organizationId;
  assertInScope(actor, organizationId);
  return organizationId;
}
