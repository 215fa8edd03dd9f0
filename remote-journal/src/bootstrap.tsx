// Standalone development only (`pnpm dev` in this package); the host loads ./routes instead.
import { mountStandalone } from '@parta/shared/standalone';
import RemoteRoutes from './routes';

mountStandalone(RemoteRoutes);
