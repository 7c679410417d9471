import { redirect } from "react-router";
import { privacySavedParam } from "~/components/layout/privacy-choices";
import { safeReturnTo } from "~/domain/return-to";
import { readForm } from "~/services/form-body.server";
import { privacyChoicesCookie } from "~/services/privacy-choices.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import type { Route } from "./+types/privacy-choices";

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const analytics = form.get("analytics") === "on";
  const back = new URL(safeReturnTo(form.get("returnTo")), "http://portal.invalid");
  back.searchParams.set(privacySavedParam, "1");
  return redirect(`${back.pathname}${back.search}`, {
    headers: { "Set-Cookie": await privacyChoicesCookie.serialize({ analytics }) },
  });
}

export function loader() {
  return redirect("/");
}
