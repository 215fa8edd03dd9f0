// The stylesheets of the Mantine components the first screens draw, not all of @mantine/core
// (app/mantine-styles.ts); every other screen loads the rest before it renders (app/later-styles.ts).
import './app/mantine-styles';
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
