import '@mantine/core/styles.layer.css';
// Once, with the app: every date and time field of every remote is styled from its first opening.
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRemoteRegistry } from './remotes/remote-registry';

startRemoteRegistry();
createRoot(document.getElementById('root')!).render(<App />);
