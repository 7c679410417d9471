import { data, redirect } from "react-router";
import { ProfileCard } from "~/components/profile/profile-card";
import { FactorStep } from "~/components/profile/step-factor";
import { useStepFocus } from "~/components/verification/use-step-focus";
import { otherWaysOf } from "~/domain/code-help";
import { FactorIntentSchema } from "~/domain/sign-in-factor-forms";
import { changePhoneWithoutItBy, passkeyOpens, recoveryOpens, verifyMethodsOf, FACTORS_FLOW } from "~/domain/sign-in-factors";
import { resendSecondsLeft } from "~/domain/verification";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { env } from "~/services/env.server";
import { factorChangeSteps, factorFlowState } from "~/services/factor-change-flow.server";
import { factorVerificationSteps } from "~/services/factor-verification-steps.server";
import { readForm } from "~/services/form-body.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession } from "~/services/session.server";
import { qrCodeImage, readFactors } from "~/services/sign-in-factors.server";
import { codeDelivery, takeReply } from "~/services/verification.server";
import type { Route } from "./+types/_portal.profile.security_.factors";

/** Every step is its own page, with its own title. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const step = loaderData?.state.step;
  return pageTitle(matches, "profile", step ? `factors.stepTitles.${step === "phone-code" ? "phoneCode" : step}` : "factors.heading");
};

/** This page exists only in the middle of a change (SPEC.md §4's verification, then the change); otherwise it is Login & Security. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const current = factorFlowState(session);
  if (!current) throw redirect("/profile/security");
  const kept = await takeReply(session, FACTORS_FLOW);
  const { keptReply: _shown, ...state } = current;
  const factors = state.step === "pick" || state.step === "code" ? await readFactors(session) : null;
  const view = {
    state,
    methods: factors ? verifyMethodsOf(factors, state.change, state.oldNumberUnavailable) : [],
    phone: factors?.phone ?? null,
    hasPasskeys: factors ? passkeyOpens(factors, state.change, state.oldNumberUnavailable) : false,
    recoveryOpens: factors ? recoveryOpens(factors, state.change, state.oldNumberUnavailable) : false,
    oldNumberUnavailable: state.oldNumberUnavailable ?? false,
    oldNumberOffer: factors && !state.oldNumberUnavailable ? changePhoneWithoutItBy(factors, state.change) : null,
    otherWays: state.step === "code" ? otherWaysOf(factors, state.method) : [],
    delivery: state.step === "code" ? await codeDelivery(session, "factors", state.method) : null,
    qrCode: state.step === "enrol" ? await qrCodeImage(state.uri) : null,
    resendSecondsLeft: "resendAvailableAt" in state ? resendSecondsLeft(state, Date.now()) : 0,
    reply: kept?.reply,
  };
  return data(view, { status: kept?.status ?? 200 });
}

const factorSteps = { ...factorVerificationSteps, ...factorChangeSteps };

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  if (!env.FEATURE_LOGIN_SECURITY) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = FactorIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data({ intent: "unknown" }, { status: 400 });
  const state = factorFlowState(session);
  if (!state && !["start", "rename-passkey", "cancel", "cancel-phone-change"].includes(intent.data))
    return redirect("/profile/security", { status: 303 });
  return factorSteps[intent.data]({ session, form, state, device: request.headers.get("user-agent") ?? "" });
}

export default function SignInFactorChange({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const stepArea = useStepFocus(view.state.step, view.reply);
  return (
    <ProfileCard headingId="factor-change" heading={t(`factors.titles.${view.state.change}`)} level={1}>
      <div ref={stepArea}>
        <FactorStep key={`${view.state.step}-${"resendAvailableAt" in view.state ? view.state.resendAvailableAt : 0}`} view={view} />
      </div>
    </ProfileCard>
  );
}
