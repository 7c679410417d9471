import { redirect } from "react-router";
import * as z from "zod";
import { safeReturnTo } from "~/domain/return-to";
import { toLanguage } from "~/i18n/languages";
import { readForm } from "~/services/form-body.server";
import { rememberLanguage } from "~/services/language.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import type { Route } from "./+types/language";

const LanguageChange = z.object({ lang: z.string().max(8).optional(), returnTo: z.string().max(2048).optional() });

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const values = LanguageChange.safeParse(Object.fromEntries(await readForm(request))).data ?? {};
  return redirect(safeReturnTo(values.returnTo), {
    headers: { "Set-Cookie": await rememberLanguage(toLanguage(values.lang)) },
  });
}

export function loader() {
  return redirect("/");
}
