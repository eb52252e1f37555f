// What every answer carries, and the error a verb throws to produce one.
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

/** Thrown by verbs; the HTTP layer turns it into `{ message }` and rolls the transaction back. */
export class DomainError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "DomainError";
  }
}

/** Paging as the specs give it: index from 1, clamped to 1..max. */
export function page(index: number | undefined, count: number, size: number) {
  const max = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, Math.trunc(index ?? 1) || 1), max);
  return { index: current, max, count, offset: (current - 1) * size, size };
}
