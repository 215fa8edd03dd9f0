import { AppProviders } from '@parta/shared';
import { BrowserRouter } from 'react-router-dom';
import { ApiNavigator } from './api-navigator';
import { AppRoutes } from './app-routes';

/** The host: providers exist once here, then the single router. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ApiNavigator />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
