// Errors that services throw and the error handler turns into the one reply shape.
import { STATUS_BY_CODE, type ApiErrorBody, type ApiErrorCode, type ApiIssue } from '../../shared/api-error';

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
    /** More of the error shape for this error (a conflict's usedBy). */
    readonly details?: Pick<ApiErrorBody, 'usedBy' | 'current'>,
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (what: string) => new HttpError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError('FORBIDDEN', message);
export const unauthenticated = (message = 'Not authenticated') => new HttpError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new HttpError('CONFLICT', message);
/** A save made from an older version than the item's (issue 12): the reply carries the item as it is now. */
export const staleVersion = (current: unknown) =>
  new HttpError('CONFLICT', 'This was changed elsewhere since you opened it', undefined, { current });
export const invalid = (message: string, issues?: ApiIssue[]) => new HttpError('VALIDATION_FAILED', message, issues);
