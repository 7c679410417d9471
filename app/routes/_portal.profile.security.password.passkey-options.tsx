import { passwordUpdateState } from "~/services/password-update.server";
import { participantSession } from "~/services/session.server";
import { passkeyAssertionOptions } from "~/services/sign-in-factors.server";
import type { Route } from "./+types/_portal.profile.security.password.passkey-options";

/** The WebAuthn options for a passkey used instead of the code, on the password update's pick step only. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  if (passwordUpdateState(session)?.step !== "mfa-verification-pick") throw Response.json(null, { status: 409 });
  const options = await passkeyAssertionOptions(session, "password-update");
  if (!options.ok)
    throw Response.json(null, {
      status: options.httpStatus >= 400 && options.httpStatus < 500 ? options.httpStatus : 503,
    });
  return Response.json(options.options);
}
