import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { PRODUCT_APP_NAMES, productCardFor, productLinkUrl, type ProductCatalogue } from "~/domain/product-cards";

describe("product cards by app name (SPEC.md §2)", () => {
  it("configures every app name SPEC.md lists: health, FH health, traits, three partner traits apps, ancestry, women-wellness, exome-download", () => {
    const namesInSpec = "health fh-health traits nevada-traits biobank-traits whole-person-traits ancestry women-wellness exome-download";
    expect(new Set(PRODUCT_APP_NAMES)).toEqual(new Set(namesInSpec.split(" ")));
    for (const appName of PRODUCT_APP_NAMES) expect(productCardFor(appName, site.products), appName).not.toBeNull();
  });

  it("links health apps to the health portal and the others to a store page", () => {
    expect(productCardFor("health", site.products)?.destination).toBe("healthPortal");
    expect(productCardFor("fh-health", site.products)?.destination).toBe("healthPortal");
    for (const appName of ["traits", "nevada-traits", "biobank-traits", "whole-person-traits", "ancestry", "women-wellness"]) {
      expect(productCardFor(appName, site.products)?.destination, appName).toBe("store");
    }
  });

  it("gives every card a consent link except exome-download, even if one is configured", () => {
    for (const appName of PRODUCT_APP_NAMES.filter((name) => name !== "exome-download")) {
      expect(productCardFor(appName, site.products)?.consentUrl, appName).toMatch(/^https:\/\//);
    }
    const configuredAnyway: ProductCatalogue = {
      "exome-download": { destination: "store", url: "https://x.example/e", consentUrl: "https://x.example/c" },
    };
    expect(productCardFor("exome-download", configuredAnyway)?.consentUrl).toBeNull();
  });

  it("has no card for an unknown or unconfigured app name", () => {
    expect(productCardFor("covid-test", site.products)).toBeNull();
    expect(productCardFor("toString", site.products)).toBeNull();
    expect(productCardFor("health", {})).toBeNull();
  });

  it("resolves link addresses only from the catalogue", () => {
    const card = productCardFor("traits", site.products);
    expect(productLinkUrl(card, "product")).toBe(site.products.traits.url);
    expect(productLinkUrl(card, "consent")).toBe(site.products.traits.consentUrl);
    expect(productLinkUrl(productCardFor("exome-download", site.products), "consent")).toBeNull();
    expect(productLinkUrl(null, "product")).toBeNull();
  });
});
