/** Errors domain functions throw; app/lib/api.server.ts turns them into responses. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super(message, 404);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You do not have permission to do that.") {
    super(message, 403);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Please sign in.") {
    super(message, 401);
  }
}

/** A link that worked once and no longer does (used, expired or replaced): 410. */
export class GoneError extends DomainError {
  constructor(message: string) {
    super(message, 410);
  }
}

export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

/** Field errors in the spec's shape: { entityType, message, errors: { field: text } }. */
/** A ValidationError's message when it has none of its own: its field errors say what is wrong. */
export const CORRECT_THE_FIELDS = "Please correct the marked fields.";

export class ValidationError extends DomainError {
  constructor(
    readonly entityType: string,
    readonly errors: Record<string, string>,
    message = CORRECT_THE_FIELDS,
    status = 400,
  ) {
    super(message, status);
  }
}
