import { AxiosError } from 'axios';
import type { RowError } from './types';

interface AppErrorDetails {
  status?: number;
  code?: string;
  field?: string;
  verificationToken?: string;
  /** A refused file: its bad rows (the first 100), and how many problems it has in all. */
  rowErrors?: RowError[];
  rowErrorCount?: number;
}

/** An error whose message is fit to show to the user, with what the server said about it. */
export class AppError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly verificationToken: string | undefined;
  readonly rowErrors: RowError[] | undefined;
  readonly rowErrorCount: number | undefined;

  constructor(message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.verificationToken = details.verificationToken;
    this.rowErrors = details.rowErrors;
    this.rowErrorCount = details.rowErrorCount;
  }
}

interface ServerBody {
  message?: unknown;
  code?: unknown;
  field?: unknown;
  verificationToken?: unknown;
  rowErrors?: unknown;
  rowErrorCount?: unknown;
}

const rowErrors = (value: unknown): RowError[] | undefined =>
  Array.isArray(value)
    ? value.filter(
        (row): row is RowError =>
          typeof row === 'object' &&
          row !== null &&
          typeof (row as RowError).line === 'number' &&
          typeof (row as RowError).reason === 'string',
      )
    : undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * What the server said, as an AppError: its `message` (with code, field and verificationToken),
 * or a plain string body. Null when the server said nothing usable (network error, empty body).
 */
export function serverError(error: unknown): AppError | null {
  if (!(error instanceof AxiosError) || !error.response) return null;
  const { status, data } = error.response;
  if (typeof data === 'string') {
    // A plain string body is the message itself — unless it is an HTML error page.
    return text(data) && !data.trimStart().startsWith('<') ? new AppError(data.trim(), { status }) : null;
  }
  const body = (data ?? {}) as ServerBody;
  const message = text(body.message);
  if (!message) return null;
  return new AppError(message, {
    status,
    code: text(body.code),
    field: text(body.field),
    verificationToken: text(body.verificationToken),
    rowErrors: rowErrors(body.rowErrors),
    rowErrorCount: typeof body.rowErrorCount === 'number' ? body.rowErrorCount : undefined,
  });
}

/** The server's message, or the given fallback: the shape of every error the flows raise. */
export function toAppError(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  const fromServer = serverError(error);
  if (fromServer) return fromServer;
  const status = error instanceof AxiosError ? error.response?.status : undefined;
  return new AppError(fallback, status === undefined ? {} : { status });
}

/** A message to show for any error, e.g. in a form's alert. */
export function errorMessage(error: unknown, fallback: string): string {
  return toAppError(error, fallback).message;
}
