/**
 * zod's own messages (wrong type, too short, …) in Russian wherever a contract is used: the server
 * and every browser app. Each app bundles its own zod, so the locale is set by the contracts
 * themselves (common.ts and auth.ts import this file), not once by the host.
 */
import { z } from 'zod';

z.config(z.locales.ru());
