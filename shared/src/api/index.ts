export { apiClient, setApiNavigator } from './api-client';
export { compactParams } from './compact-params';
export {
  type ApiClientOptions,
  type ApiRedirect,
  createApiClient,
  TOKEN_STORAGE_KEY,
} from './create-api-client';
export { downloadFile } from './download-file';
export { type ApiErrorBody, getErrorMessage, getErrorStatus, getFieldErrors } from './errors';
export { clearApiCache, offlineSinceAtom } from './offline-data';
export { currentPushSubscription, dropPushSubscription, PUSH_SUBSCRIPTIONS_PATH } from './push-subscription';
export { createQueryClient, retryDelay, shouldRetryRead } from './query-client';
export {
  type ApiRequests,
  apiDelete,
  apiGet,
  apiPatch,
  apiPost,
  apiPut,
  createApiRequests,
} from './requests';
