export { apiClient, setApiNavigator } from './api-client';
export {
  type ApiClientOptions,
  type ApiRedirect,
  createApiClient,
  TOKEN_STORAGE_KEY,
} from './create-api-client';
export { type ApiErrorBody, getErrorMessage, getErrorStatus, getFieldErrors } from './errors';
