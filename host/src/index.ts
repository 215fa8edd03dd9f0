import { registerServiceWorker } from './pwa/register-service-worker';

// Async boundary: Module Federation negotiates the shared singletons before the app's code runs.
import('./bootstrap');
registerServiceWorker();
