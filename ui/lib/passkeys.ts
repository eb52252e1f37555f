// Passkeys in the browser (issue 31 item 1): @simplewebauthn/browser makes one
// (the security page) or signs with one (the sign-in's second step), and what
// it answers is cut down to the shape the server's schema takes
// (src/domains/second-factor/passkeys.ts credentialInput), which refuses any
// other field. Pages load this file when a passkey is asked for, so the
// library never weighs on the first screen; they offer passkeys only where
// the browser has window.PublicKeyCredential.
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import type { InputOf } from "../../src/domains/api";

type CredentialInput = InputOf<"/client/login/passkey">["credential"];

/** Why the browser gave no passkey: the person cancelled (or let it time out), the device holds one already, or anything else. */
export type PasskeyFailure = "cancelled" | "known" | "failed";
export type PasskeyOutcome = { credential: CredentialInput } | { failure: PasskeyFailure };

const RESPONSE_FIELDS = ["clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle", "publicKey", "publicKeyAlgorithm", "transports"] as const;

/** The browser's answer with only the fields the server takes, none left undefined. */
export function credentialOf(answer: RegistrationResponseJSON | AuthenticationResponseJSON): CredentialInput {
  const given = answer.response as unknown as Record<string, unknown>;
  const response = Object.fromEntries(RESPONSE_FIELDS.filter((name) => given[name] !== undefined && given[name] !== null).map((name) => [name, given[name]]));
  const rk = answer.clientExtensionResults?.credProps?.rk;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: "public-key",
    response: response as CredentialInput["response"],
    clientExtensionResults: typeof rk === "boolean" ? { credProps: { rk } } : {},
    ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
  };
}

function failureOf(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "known";
  if (code === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError") return "cancelled";
  console.error(error);
  return "failed";
}

/** Asks the browser for a new passkey with the server's options. */
export async function makePasskey(options: unknown): Promise<PasskeyOutcome> {
  try {
    return { credential: credentialOf(await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })) };
  } catch (error) {
    return { failure: failureOf(error) };
  }
}

/** Asks the browser to sign the server's challenge with one of the member's passkeys. */
export async function signWithPasskey(options: unknown): Promise<PasskeyOutcome> {
  try {
    return { credential: credentialOf(await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON })) };
  } catch (error) {
    return { failure: failureOf(error) };
  }
}
