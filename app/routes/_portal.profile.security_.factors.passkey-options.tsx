import { type FactorFlowState, FACTORS_FLOW, FACTORS_PATH } from "~/domain/sign-in-factors";
import { flowState, privatePageHeaders, requireParticipant } from "~/services/session.server";
import { passkeyAssertionOptions, passkeyRegistrationOptions } from "~/services/sign-in-factors.server";
import type { Route } from "./+types/_portal.profile.security_.factors.passkey-options";

/**
 * The WebAuthn options of the change in progress (the provider keeps their challenge): for the
 * passkey being added, or for one used instead of a code to confirm it's the participant.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireParticipant(request, context, FACTORS_PATH);
  const step = flowState<FactorFlowState>(session, FACTORS_FLOW)?.step;
  if (step !== "passkey" && step !== "pick") throw Response.json(null, { status: 409, headers: privatePageHeaders });
  const options = step === "passkey" ? await passkeyRegistrationOptions(session) : await passkeyAssertionOptions(session, "factors");
  if (!options.ok)
    throw Response.json(null, {
      status: options.httpStatus >= 400 && options.httpStatus < 500 ? options.httpStatus : 503,
      headers: privatePageHeaders,
    });
  return Response.json(options.options, { headers: privatePageHeaders });
}
