import { redirect } from "react-router";
import { readLimitedText } from "~/services/form-body.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { readSession } from "~/services/session.server";
import { signOut } from "~/services/sign-out.server";
import type { Route } from "./+types/auth.sign-out";

/** Sign-out is a POST only, from the user menu or the network-error screen. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  // The form has no fields; the body is still read through the limit every action keeps (413 above it).
  await readLimitedText(request);
  const { session } = await readSession(request);
  return signOut(session);
}

export function loader() {
  return redirect("/");
}
