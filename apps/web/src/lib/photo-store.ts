import { ERROR_CODES } from '@keeb/shared';
import { isApiError } from './api-error';

/** Any photo upload (listing, avatar, blog) whose store is down or refusing: 503 storage_unavailable. */
export const STORAGE_UNAVAILABLE_TEXT = 'Photos cannot be saved right now. Try again in a few minutes.';

export const isStorageUnavailable = (error: unknown) => isApiError(error) && error.code === ERROR_CODES.storageUnavailable;
