import type { IncomingMessage, ServerResponse } from "node:http";
import { redirect, sendHtml } from "../../http/io.ts";
import { translator } from "../../pages/i18n.ts";
import { type LoginInteraction, loginInteractionOrLost } from "../account-flow-deps.ts";
import { enrolFlowKey, type InteractionDeps, signInFlowKey } from "../deps.ts";
import { forgetFormError, formErrorOf, keptAnswer } from "../form-error.ts";
import { createSignInContext } from "./context.ts";
import { createEnrolStep } from "./enrol.ts";
import { createIdentifyStep } from "./identify.ts";
import { createPasskeyStep } from "./passkey.ts";
import { recoveryCodeStep } from "./recovery-code.ts";
import { createSecondFactorSteps } from "./second-factor.ts";

/** The hosted sign-in (SPEC §4): identify → select → challenge, or identify → enrol phone → challenge; state kept by uid. */
export function createSignInHandler(deps: InteractionDeps) {
  const { provider, accounts, signInStates } = deps;
  const context = createSignInContext(deps);
  const identifyStep = createIdentifyStep(context);
  const { showSelect, select, challenge } = createSecondFactorSteps(context);
  const enrol = createEnrolStep(context);
  const { passkeyOptions, passkeySignIn } = createPasskeyStep(context);

  async function show(req: IncomingMessage, res: ServerResponse, interaction: LoginInteraction, query: URLSearchParams) {
    let state = await signInStates.get(interaction.uid);
    // A mistyped number: back to the number step (the code sent to it is simply never used).
    if (state?.step === "enrol-challenge" && query.get("change") === "number") {
      state = { ...state, step: "enrol", method: null, pendingPhone: null };
      await context.saveState(state);
    }
    const account = state ? await accounts.findById(state.accountId) : null;
    if (!state || !account) return identifyStep.show(req, res, interaction, query);
    if (state.step === "select" || (state.step === "challenge" && query.get("change") === "method"))
      return showSelect(req, res, interaction, account);
    if (state.step === "enrol") return enrol.show(req, res, interaction, state);
    const kept = formErrorOf(req, deps, interaction.uid, "challenge");
    await context.renderChallenge(res, interaction, state, account, keptAnswer(translator(interaction.locale), kept));
  }

  /** 'Sign in as someone else': the identified account is dropped and the sign-in starts again. */
  async function restart(req: IncomingMessage, res: ServerResponse, uid: string) {
    await signInStates.remove(uid);
    forgetFormError(req, res, deps, uid);
    redirect(res, `/interaction/${uid}`);
  }

  /** 'Cancel': access_denied tells the portal the participant chose not to sign in; nothing of this sign-in is kept. */
  async function cancel(req: IncomingMessage, res: ServerResponse, uid: string) {
    await signInStates.remove(uid);
    await Promise.all([deps.verifications.discard(signInFlowKey(uid)), deps.verifications.discard(enrolFlowKey(uid))]);
    forgetFormError(req, res, deps, uid);
    const result = { error: "access_denied", error_description: "The participant cancelled the sign-in." };
    redirect(res, await provider.interactionResult(req, res, result, { mergeWithLastSubmission: false }));
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined, query: URLSearchParams) {
    const interaction = await loginInteractionOrLost(deps, req, res, uid, query);
    if (!interaction) return;
    if (req.method === "GET" && step === undefined) return show(req, res, interaction, query);
    const state = await signInStates.get(uid);
    const account = state ? await accounts.findById(state.accountId) : null;
    if (step === "recovery-code" && state && account && (state.step === "select" || state.step === "challenge"))
      return recoveryCodeStep(context, req, res, interaction, state, account);
    if (req.method !== "POST") return sendHtml(res, 405, "");
    if (step === "identify") return identifyStep.identify(req, res, interaction);
    if (step === "restart") return restart(req, res, uid);
    if (step === "cancel") return cancel(req, res, uid);
    if (step === "passkey-options") return passkeyOptions(res, interaction);
    if (step === "passkey") return passkeySignIn(req, res, interaction);

    if (!state || !account) return redirect(res, `/interaction/${uid}`);
    if (step === "select" && (state.step === "select" || state.step === "challenge")) return select(req, res, interaction, state, account);
    if (step === "enrol" && state.step === "enrol") return enrol.enrol(req, res, interaction, state);
    if (step === "challenge" && (state.step === "challenge" || state.step === "enrol-challenge"))
      return challenge(req, res, interaction, state, account);
    redirect(res, `/interaction/${uid}`);
  };
}
