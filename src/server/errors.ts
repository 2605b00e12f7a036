import type { $ZodIssue } from 'zod/v4/core';

/** An expected refusal: answered with its status and the one error shape, never logged as a failure. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
/** A throttle's 429; `refusal` names what was throttled where a customer should be told which allowance they used up. */
export const tooManyRequests = (
  retryAfterSeconds: number,
  refusal: { code: string; message: string } = { code: 'too_many_requests', message: 'Too many attempts. Please wait a while and try again.' },
) =>
  new AppError(429, refusal.code, refusal.message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** A request that failed its zod schema; carries each field's first message. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly fields: Record<string, string>;
  constructor(issues: readonly Pick<$ZodIssue, 'path' | 'message'>[], part: string) {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
      fields[field] ??= issue.message;
    }
    const [firstField, firstMessage] = Object.entries(fields)[0] ?? [part, 'Invalid input'];
    super(firstMessage.includes(firstField) ? firstMessage : `${firstField}: ${firstMessage}`);
    this.fields = fields;
  }
}

/** Something that must never happen did: the transaction rolls back and the answer is a 500. */
export class InvariantViolation extends Error {}

export function assertInvariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}

/**
 * The refusal with its fields renamed from a command's words to the request's (`wireNames`: our
 * name → the wire's), so a service names fields as the bank does and the customer's form still
 * finds the field it marks. A field without a wire name, or anything but a refusal, is left as it is.
 */
export function withWireFieldNames(error: unknown, wireNames: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof AppError) || error.fields === undefined) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [wireNames[field] ?? field, message]));
  return new AppError(error.statusCode, error.code, error.message, fields, error.headers);
}
