import type { IncomingMessage, ServerResponse } from "node:http";
import type { Channel } from "../../domain/codes.ts";
import { maskPhone } from "../../domain/phone.ts";
import { clientAddress, redirect, sendHtml } from "../../http/io.ts";
import { cspNonceOf } from "../../http/security-headers.ts";
import { renderChallengePage } from "../../pages/challenge-page.tsx";
import type { OtherWay } from "../../pages/code-help.tsx";
import type { DeliveryWay } from "../../pages/delivery-problem.tsx";
import { type Translate, translator } from "../../pages/i18n.ts";
import type { FieldError } from "../../pages/parts.tsx";
import { renderSelectAuthenticatorPage } from "../../pages/select-page.tsx";
import type { Account } from "../../store/accounts.ts";
import type { SignInState } from "../../store/sign-in-states.ts";
import type { LoginInteraction } from "../account-flow-deps.ts";
import { enrolFlowKey, type InteractionDeps, SIGN_IN_STATE_TTL_MS, signInFlowKey } from "../deps.ts";
import { type FormError, translatedErrors } from "../form-error.ts";
import { rememberDevice } from "../remember-device.ts";

export type SecondFactor = Channel | "totp";

/** What every step of the hosted sign-in shares: its state, its way out, and the pages two steps show. */
export function createSignInContext(deps: InteractionDeps) {
  const { provider, signInStates, verifications, factors, now } = deps;

  /** A refused form's errors and, when it asked for one, the security check (its wait going on when asked too early). */
  function refusedCheck(res: ServerResponse, t: Translate, kept: FormError, scope: string, button: string) {
    const check = kept.flags.includes("humanCheck")
      ? { humanCheck: deps.humanCheck.viewFor(scope, kept.values.humanCheckTicket), nonce: cspNonceOf(res) }
      : null;
    const seconds = check?.humanCheck.waitSeconds ?? deps.humanCheck.waitSeconds;
    return { errors: translatedErrors(t, kept, { button, seconds }), ...(check ?? {}) };
  }

  const saveState = (state: SignInState) => signInStates.save(state, new Date(now().getTime() + SIGN_IN_STATE_TTL_MS));

  async function finish(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: LoginInteraction,
    state: SignInState,
    amr: string[],
    mfaPassed: boolean,
  ) {
    // A requested phone change that is due takes effect as she signs in; should that fail, the sweep applies it.
    await deps.phoneChangeSettler.settle(state.accountId).catch(() => undefined);
    // A language chosen on these pages goes back to the portal with the ID token.
    await deps.signInLanguages.carry(state.accountId, interaction);
    const acr = mfaPassed ? "urn:portal:loa:mfa" : "urn:portal:loa:remembered-device";
    const login = { accountId: state.accountId, acr, amr, remember: state.remember };
    const redirectTo = await provider.interactionResult(req, res, { login }, { mergeWithLastSubmission: false });
    if (mfaPassed && state.remember) rememberDevice(res, deps.cookieKeys, state.accountId, deps.secureCookies, now());
    await signInStates.remove(state.interactionUid);
    redirect(res, redirectTo);
  }

  /** What the account has besides its phone: the authenticator app, a passkey, recovery codes left. */
  async function extrasOf(account: Account) {
    const [totp, passkeys, recoveryCodes] = await Promise.all([
      factors.hasTotp(account.id),
      deps.passkeys.list(account.id),
      factors.recoveryCodesLeft(account.id),
    ]);
    return { totp, passkey: passkeys.length > 0, recovery: recoveryCodes > 0 };
  }

  const recoveryCodeHref = (uid: string) => `/interaction/${uid}/recovery-code`;

  const methodsOf = (account: Account, totp: boolean): SecondFactor[] => [
    ...(totp ? (["totp"] as const) : []),
    ...(account.phone ? account.phoneMethods : []),
  ];

  async function renderSelect(
    interaction: LoginInteraction,
    account: Account,
    errors?: FieldError[],
    extra: { chosen?: SecondFactor; message?: string; methods?: SecondFactor[]; intro?: string; passkeyNonce?: string } = {},
  ) {
    const extras = await extrasOf(account);
    const methods = extra.methods ?? methodsOf(account, extras.totp);
    const last = await factors.lastFactor(account.id);
    return renderSelectAuthenticatorPage({
      locale: interaction.locale,
      uid: interaction.uid,
      action: `/interaction/${interaction.uid}/select`,
      maskedPhone: maskPhone(account.phone ?? ""),
      methods,
      errors,
      chosen: methods.find((method) => method === last),
      intro: methods.includes("totp") ? translator(interaction.locale)("select.introFactors") : undefined,
      recoveryHref: extras.recovery ? recoveryCodeHref(interaction.uid) : undefined,
      restart: true,
      ...extra,
    });
  }

  /** For the code page: what of the flow's last text or call did not arrive, and the account's other ways. */
  async function deliveryView(
    interaction: LoginInteraction,
    state: SignInState,
    account: Account,
    extras: Awaited<ReturnType<typeof extrasOf>>,
    flowKey: string,
    phone: string | null,
  ) {
    if (state.method !== "sms" && state.method !== "voice") return {};
    const delivery = await deps.outbox.deliveryOf(flowKey);
    if (!delivery || delivery.to !== phone || delivery.channel !== state.method) return {};
    if (delivery.state === "sent") return { deliveryPending: true };
    if (delivery.state !== "failed" && delivery.state !== "undelivered") return {};
    const uid = interaction.uid;
    const ways: DeliveryWay[] = [];
    if (state.step === "enrol-challenge") ways.push({ kind: "number", href: `/interaction/${uid}?change=number` });
    else {
      const other = state.method === "sms" ? "voice" : "sms";
      // A number that does not work at all is no better by call; a landline or a STOP-ed number may well take a call.
      if (account.phoneMethods.includes(other) && delivery.refusal !== "invalid-number")
        ways.push({ kind: "channel", channel: other, action: `/interaction/${uid}/select` });
      if (extras.totp) ways.push({ kind: "totp", action: `/interaction/${uid}/select` });
      if (extras.passkey) ways.push({ kind: "passkey", href: `/interaction/${uid}?change=method` });
      if (extras.recovery) ways.push({ kind: "recovery", href: recoveryCodeHref(uid) });
    }
    return { deliveryProblem: { channel: delivery.channel, state: delivery.state, refusal: delivery.refusal, ways } };
  }

  async function renderChallenge(
    res: ServerResponse,
    interaction: LoginInteraction,
    state: SignInState,
    account: Account,
    { status = 200, ...kept }: { status?: number; errors?: FieldError[]; message?: string; code?: string; resendRefused?: boolean },
  ) {
    const enrolling = state.step === "enrol-challenge";
    const flowKey = enrolling ? enrolFlowKey(interaction.uid) : signInFlowKey(interaction.uid);
    const phone = enrolling ? state.pendingPhone : account.phone;
    const extras = await extrasOf(account);
    // For 'Didn't get a code?': every other way this account has to confirm it is them.
    const otherWays: OtherWay[] = [
      ...methodsOf(account, extras.totp),
      ...(extras.passkey ? (["passkey"] as const) : []),
      ...(extras.recovery ? (["recovery"] as const) : []),
    ].filter((way) => way !== (state.method ?? "sms"));
    sendHtml(
      res,
      status,
      renderChallengePage({
        locale: interaction.locale,
        action: `/interaction/${interaction.uid}/challenge`,
        changeMethodHref:
          !enrolling && (account.phoneMethods.length > 1 || state.method === "totp" || extras.totp)
            ? `/interaction/${interaction.uid}?change=method`
            : undefined,
        changeNumberHref: enrolling ? `/interaction/${interaction.uid}?change=number` : undefined,
        recoveryHref: !enrolling && extras.recovery ? recoveryCodeHref(interaction.uid) : undefined,
        channel: state.method ?? "sms",
        maskedPhone: maskPhone(phone ?? ""),
        resendInSeconds: state.method === "totp" ? 0 : await verifications.retryAfterSeconds(flowKey),
        checkHref: `/interaction/${interaction.uid}`,
        nonce: cspNonceOf(res),
        ...kept,
        restartUid: interaction.uid,
        cancelUid: interaction.uid,
        ...(enrolling ? {} : { otherWays, securityHref: `${deps.portalUrl}/profile/security` }),
        ...(await deliveryView(interaction, state, account, extras, flowKey, phone)),
      }),
    );
  }

  /** Who pays for this account's codes: the established participants' pool, or the newcomers' (always, for a number being enrolled). */
  const claimOf = async (account: Account, req: IncomingMessage, enrolling = false) => ({
    accountKey: account.id,
    pool: enrolling ? ("newcomer" as const) : await deps.sendingBudget.poolOf(account),
    source: clientAddress(req, deps.trustedProxies),
  });

  return { deps, refusedCheck, saveState, finish, extrasOf, renderSelect, renderChallenge, claimOf };
}

export type SignInContext = ReturnType<typeof createSignInContext>;
