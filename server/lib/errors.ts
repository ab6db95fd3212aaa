import { ERRORS } from '../../src/api/contract/common.ts';

export interface Issue {
  field: string;
  message: string;
}

/** An answer other than 200: status and a human message (spec §8 wording where there is one). */
export class HttpError extends Error {
  readonly status: number;
  readonly issues?: Issue[];
  /** Extra response headers (e.g. Retry-After). */
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, issues?: Issue[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.issues = issues;
    this.headers = headers;
  }
}

export const badRequest = (message: string = ERRORS.invalidData, issues?: Issue[]) => new HttpError(400, message, issues);
export const unauthorized = (message: string = ERRORS.pleaseLoginAgain) => new HttpError(401, message);
export const forbidden = (message: string = ERRORS.forbidden) => new HttpError(403, message);
export const notFound = (message: string = ERRORS.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
