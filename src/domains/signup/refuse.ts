import { DomainError } from "../../protocol/result";

/** A sign-up rule's refusal: thrown, so the command rolls back whatever it wrote. */
export function refuse(code: ConstructorParameters<typeof DomainError>[0], params?: Record<string, unknown>): never {
  throw new DomainError(code, params);
}
