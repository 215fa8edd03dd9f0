import { keepFirstVisit } from './keep-first-visit';

/**
 * Registers the service worker of a production build once the page has loaded, so it never competes
 * with the first screen for the network. Development builds (webpack serve) have none.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  keepFirstVisit();
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker не зарегистрирован:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
