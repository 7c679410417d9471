import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { authenticationOptions, verifiedAuthentication } from "../../domain/passkey-ceremonies.ts";
import { readForm, sendJson } from "../../http/io.ts";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { refuseTo } from "../form-error.ts";
import type { SignInContext } from "./context.ts";

/** Signing in with a passkey instead of the password and a code. */
export function createPasskeyStep(context: SignInContext) {
  const { deps, finish } = context;
  const { factors } = deps;

  /** The WebAuthn options for a passkey sign-in (any passkey of this site: the account comes from the passkey). */
  async function passkeyOptions(res: ServerResponse, interaction: LoginInteraction) {
    const options = await authenticationOptions(deps.relyingParty);
    await deps.passkeys.keepChallenge(`sign-in:${interaction.uid}`, options.challenge);
    sendJson(res, 200, options);
  }

  /** A passkey with user verification stands for both factors (something you have, and a PIN or biometric). */
  async function passkeySignIn(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction) {
    const form = await readForm(req);
    // The sign-in page with the error, after a redirect like a wrong password.
    const refuse = () =>
      refuseTo(res, deps, interaction.uid, "identify", `/interaction/${interaction.uid}`, {
        errors: [{ field: "username", key: "passkey.failed" }],
      });
    let credential: AuthenticationResponseJSON;
    try {
      credential = JSON.parse(form.credential ?? "") as AuthenticationResponseJSON;
    } catch {
      return refuse();
    }
    const challenge = await deps.passkeys.takeChallenge(`sign-in:${interaction.uid}`);
    const passkey = typeof credential?.id === "string" ? await deps.passkeys.find(credential.id) : null;
    const verified = challenge && passkey ? await verifiedAuthentication(deps.relyingParty, credential, challenge, passkey) : null;
    if (!passkey || !verified) return refuse();
    await deps.passkeys.used(passkey.id, verified.newCounter);
    await factors.setLastFactor(passkey.accountId, "passkey");
    const state: SignInState = {
      interactionUid: interaction.uid,
      accountId: passkey.accountId,
      remember: false,
      step: "select",
      method: null,
      pendingPhone: null,
    };
    await finish(req, res, interaction, state, ["hwk", "user"], true);
  }

  return { passkeyOptions, passkeySignIn };
}
