import { redirect } from "react-router";
import { safeReturnTo } from "~/domain/return-to";
import { readForm } from "~/services/form-body.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { touchSession } from "~/services/session-store.server";
import { privatePageHeaders, requireVisitor } from "~/services/session.server";
import type { Route } from "./+types/session.keep-alive";

/**
 * 'Stay signed in': a form POST (both modes) that starts the idle limit again and goes back to the
 * page it came from. A session that has already ended goes where any ended session goes.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireVisitor(request);
  await touchSession(session.idHash);
  const form = await readForm(request);
  return redirect(safeReturnTo(form.get("returnTo")), { status: 303, headers: privatePageHeaders });
}

export function loader() {
  return redirect("/", { headers: privatePageHeaders });
}
