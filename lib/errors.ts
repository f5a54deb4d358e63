/**
 * The service's error codes (the spec's table) and the one error type capabilities throw.
 * Every non-success answer is `{error, code}` built from a ServiceError.
 */
export const ERROR_STATUS = {
  PAYMENT_REQUIRED: 402,
  AUDIT_FAILED: 400,
  INVALID_URL: 400,
  INVALID_REQUEST: 400,
  UNSUPPORTED_SCHEME: 400,
  PRIVATE_ADDRESS_BLOCKED: 400,
  URL_TOO_LONG: 414,
  UNSUPPORTED_CONTENT_TYPE: 415,
  RESPONSE_TOO_LARGE: 422,
  TOO_MANY_REDIRECTS: 422,
  NOT_A_FEED: 422,
  INVALID_EXTRACTION_SCHEMA: 400,
  STRUCTURED_OUTPUT_INVALID: 422,
  RATE_LIMITED: 429,
  FREE_TIER_RETIRED: 402,
  INVALID_TOKEN: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TARGET_UNREACHABLE: 502,
  PAYMENT_SETTLEMENT_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  AUDIT_TIMEOUT: 504,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** A route whose spec names another status for this code (the summarizer's non-HTML 422). */
    status?: number,
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status ?? ERROR_STATUS[code];
  }
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  [key: string]: unknown;
}

export function errorBody(err: ServiceError): ErrorBody {
  return { error: err.message, code: err.code, ...err.extra };
}

/**
 * Whether a value is a ServiceError, also one made by another copy of this module: the start
 * script and the Next.js bundle each load their own, and the page pool they share may be
 * either's, so `instanceof` alone would turn its errors into 500s.
 */
export const isServiceError = (e: unknown): e is ServiceError =>
  e instanceof ServiceError ||
  (e instanceof Error &&
    e.name === "ServiceError" &&
    typeof (e as { status?: unknown }).status === "number" &&
    Object.hasOwn(ERROR_STATUS, String((e as { code?: unknown }).code)));
