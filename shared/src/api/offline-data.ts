import { atom } from 'jotai';
import { API_CACHE } from './offline-cache';

/** When the data on screen was fetched, while the network is down and the service worker answers from its cache; null online. */
export const offlineSinceAtom = atom<Date | null>(null);

/** Forgets every kept API answer (sign-out), so the next user of the phone never sees this one's data. */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}
