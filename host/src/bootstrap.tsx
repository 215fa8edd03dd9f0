// The stylesheets of the Mantine components the apps draw, not all of @mantine/core (app/mantine-styles.ts).
import './app/mantine-styles';
// Once, with the app: every date and time field of every remote is styled from its first opening.
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRemoteRegistry } from './remotes/remote-registry';

startRemoteRegistry();
// A transition renders in slices of a few milliseconds, yielding to input between them, instead
// of one task for the whole first screen.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
