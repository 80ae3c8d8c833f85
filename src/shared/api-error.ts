// The one error shape every non-2xx reply of the API has (DESIGN.md "Errors").
import type { UsedBy } from './schemas/media';

export type ApiErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE'
  | 'DATABASE_UNAVAILABLE';

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  issues?: ApiIssue[];
  /** A 409 on deleting an image that is still shown somewhere: where. */
  usedBy?: UsedBy[];
  /** A 409 on saving over a newer version (issue 12): the item as it is now, to show beside the edit. */
  current?: unknown;
}

export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
};
