import type { CurrentUser } from '../domain/contracts/auth';

/** The answer of `POST /api/auth/me`, typed by the server's contract (shared/domain/contracts/auth). */
export type { CurrentUser };

/** Organization of the signed-in user as the top bar needs it (SPEC §3). */
export type CurrentOrganization = CurrentUser['organization'];
