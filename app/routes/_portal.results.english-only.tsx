import { redirect } from "react-router";
import * as z from "zod";
import { EnglishOnlyNoticePage } from "~/components/dashboard/english-only-notice";
import { site } from "~/config/site";
import { productCardFor, productLinkUrl } from "~/domain/product-cards";
import { pageTitle } from "~/i18n/page-title";
import { translations } from "~/services/language.server";
import type { Route } from "./+types/_portal.results.english-only";

export const middleware: Route.MiddlewareFunction[] = [translations("dashboard")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "dashboard", "englishOnly.title");

const NoticeQuery = z.object({ app: z.string().max(100), link: z.enum(["product", "consent"]) });

/**
 * SPEC.md §2: without JavaScript, the English-only-content notice is this page; it continues to the
 * product or consent page of a configured product card, never to an address taken from the query.
 */
export function loader({ url }: Route.LoaderArgs) {
  const parsed = NoticeQuery.safeParse(Object.fromEntries(url.searchParams));
  const productUrl = parsed.success ? productLinkUrl(productCardFor(parsed.data.app, site.products), parsed.data.link) : null;
  if (!productUrl) throw redirect("/");
  return { url: productUrl };
}

export default function EnglishOnlyNotice({ loaderData }: Route.ComponentProps) {
  const { url } = loaderData;
  return <EnglishOnlyNoticePage url={url} />;
}
