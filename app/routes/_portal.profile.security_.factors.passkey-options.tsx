import { type FactorFlowState, FACTORS_FLOW } from "~/domain/sign-in-factors";
import { flowState, participantSession } from "~/services/session.server";
import { passkeyAssertionOptions, passkeyRegistrationOptions } from "~/services/sign-in-factors.server";
import type { Route } from "./+types/_portal.profile.security_.factors.passkey-options";

/**
 * The WebAuthn options of the change in progress (the provider keeps their challenge): for the
 * passkey being added, or for one used instead of a code to confirm it's the participant.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const step = flowState<FactorFlowState>(session, FACTORS_FLOW)?.step;
  if (step !== "passkey" && step !== "pick") throw Response.json(null, { status: 409 });
  const options = step === "passkey" ? await passkeyRegistrationOptions(session) : await passkeyAssertionOptions(session, "factors");
  if (!options.ok)
    throw Response.json(null, {
      status: options.httpStatus >= 400 && options.httpStatus < 500 ? options.httpStatus : 503,
    });
  return Response.json(options.options);
}
