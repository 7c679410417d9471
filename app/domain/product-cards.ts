import { site } from "~/config/site";

/** SPEC.md §2 'Product cards by app name': each app's health portal or store page, and its consent (none for exome-download). */
type ProductLinks = { destination: "healthPortal" | "store"; url: string; consentUrl: string | null };

export type ProductCatalogue = Readonly<Record<string, ProductLinks>>;

type ProductAppName = keyof typeof site.products;

/** The apps with a product card: the ones the site configures. */
export const PRODUCT_APP_NAMES = Object.keys(site.products) as ProductAppName[];

export type ProductCard = ProductLinks & { appName: ProductAppName };

/** The product card for an app name, or null for an app the portal has no product card for. */
export function productCardFor(appName: string, catalogue: ProductCatalogue): ProductCard | null {
  if (!Object.hasOwn(site.products, appName) || !Object.hasOwn(catalogue, appName)) return null;
  const links = catalogue[appName]!;
  return { appName: appName as ProductAppName, ...links, consentUrl: appName === "exome-download" ? null : links.consentUrl };
}

/** Where one of a product card's links goes, or null when that card has no such link. */
export function productLinkUrl(card: ProductCard | null, kind: "product" | "consent"): string | null {
  return card && (kind === "product" ? card.url : card.consentUrl);
}
