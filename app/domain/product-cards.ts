import { site } from "~/config/site";

/**
 * SPEC.md §2 'Product cards by app name': each known app links to its health portal or store page
 * and to its consent, except exome-download, which has no consent link.
 */
type ProductDestination = "healthPortal" | "store";

type ProductLinks = { destination: ProductDestination; url: string; consentUrl: string | null };

export type ProductCatalogue = Readonly<Record<string, ProductLinks>>;

type ProductAppName = keyof typeof site.products;

/** The apps with a product card: the ones the site configures. */
export const PRODUCT_APP_NAMES = Object.keys(site.products) as ProductAppName[];

export type ProductCard = ProductLinks & { appName: ProductAppName };

function isProductAppName(appName: string): appName is ProductAppName {
  return Object.hasOwn(site.products, appName);
}

/** The product card for an app name, or null for an app the portal has no product card for. */
export function productCardFor(appName: string, catalogue: ProductCatalogue): ProductCard | null {
  if (!isProductAppName(appName) || !Object.hasOwn(catalogue, appName)) return null;
  const links = catalogue[appName]!;
  return { appName, ...links, consentUrl: appName === "exome-download" ? null : links.consentUrl };
}

export type ProductLinkKind = "product" | "consent";

/** Where one of a product card's links goes, or null when that card has no such link. */
export function productLinkUrl(card: ProductCard | null, kind: ProductLinkKind): string | null {
  if (!card) return null;
  return kind === "product" ? card.url : card.consentUrl;
}
