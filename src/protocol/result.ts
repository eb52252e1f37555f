// What every answer carries, and the two ways a verb refuses: `refuse` (or
// `refuseField`) throws and rolls back; `return refused()` commits.
import { RESULT, type ResultCode } from "./result-codes";

export type Message = { id: number; code: ResultCode; params?: Record<string, unknown> };
export type Answer<T = {}> = { message: Message } & Partial<T>;

export const message = (code: ResultCode, params?: Record<string, unknown>): Message =>
  params ? { id: RESULT[code], code, params } : { id: RESULT[code], code };

export const isSuccess = (answer: { message?: { id?: number } } | null | undefined): boolean =>
  answer?.message?.id === RESULT.SUCCESS;

/**
 * A refusal that commits: the verb returns it (a counted wrong code, a
 * failed sign-in's log row), the kit answers it as it would a thrown one,
 * and the transaction keeps what the verb wrote. The one shape of it.
 */
export type Refused = { message: Message };
export const refused = (code: ResultCode, params?: Record<string, unknown>): Refused => ({ message: message(code, params) });
export const isRefused = (outcome: object): outcome is Refused => "message" in outcome;

/**
 * What `refuse` throws; the HTTP layer turns it into `{ message }` and rolls
 * the transaction back. Verbs never construct it: they call `refuse` or
 * `refuseField` (a guard test holds this); the transport catches it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "DomainError";
  }
}

/** A refusal that rolls back: the call answers `code` with `params`, and nothing the verb wrote stays. */
export function refuse(code: ResultCode, params?: Record<string, unknown>): never {
  throw new DomainError(code, params);
}

/**
 * The same, for a value the caller sent: ERROR_PARAMS naming the field (and
 * where a list is concerned its index and part), so the form can mark it.
 */
export function refuseField(field: string, params: Record<string, unknown> = {}): never {
  throw new DomainError("ERROR_PARAMS", { field, ...params });
}

/** Paging as the specs give it: index from 1, clamped to 1..max. */
export function page(index: number | undefined, count: number, size: number) {
  const max = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, Math.trunc(index ?? 1) || 1), max);
  return { index: current, max, count, offset: (current - 1) * size, size };
}
