import { AppProviders, createQueryClient } from '@parta/shared';
import { BrowserRouter } from 'react-router-dom';
import { ApiNavigator } from './api-navigator';
import { AppRoutes } from './app-routes';

/** The page's one server-state cache; every remote uses it through the shared react-query singleton. */
const queryClient = createQueryClient();

/** The host: providers exist once here, then the single router. */
export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <ApiNavigator />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
