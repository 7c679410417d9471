import { accreditation, legal, support } from "../../lib/program/site.ts";

const store = "https://store.dnadiscovery.example";
const healthPortal = "https://health.dnadiscovery.example";
const consents = "https://www.dnadiscovery.example/consents";

/** Public contact details and outbound links shown in the portal: nothing secret; an operator changes them here. */
export const site = {
  companyHomeUrl: "https://www.dnadiscovery.example",
  /** Shared with the identity provider's hosted pages (their footer): set in lib/program/site.ts. */
  support,
  legal,
  partners: {
    healthSystemsUrl: "https://www.dnadiscovery.example/partners/health-systems",
    publicHealthUrl: "https://www.dnadiscovery.example/partners/public-health",
    lifeSciencesUrl: "https://www.dnadiscovery.example/partners/life-sciences",
    partnerWithUsUrl: "https://www.dnadiscovery.example/partners/contact",
  },
  social: {
    professionalNetworkUrl: "https://www.linkedin.com/company/dnadiscovery-example",
    microbloggingUrl: "https://x.com/dnadiscovery_example",
  },
  /** Shared with the results service's reports: set in lib/program/site.ts. */
  accreditation,
  copyrightStartYear: 2016,
  /** Where each result card's product links go (SPEC.md §2 'Product cards by app name'). */
  products: {
    health: { destination: "healthPortal", url: `${healthPortal}/health`, consentUrl: `${consents}/health` },
    "fh-health": {
      destination: "healthPortal",
      url: `${healthPortal}/familial-hypercholesterolemia`,
      consentUrl: `${consents}/familial-hypercholesterolemia`,
    },
    traits: { destination: "store", url: `${store}/traits`, consentUrl: `${consents}/traits` },
    "nevada-traits": { destination: "store", url: `${store}/partners/nevada-traits`, consentUrl: `${consents}/nevada-traits` },
    "biobank-traits": { destination: "store", url: `${store}/partners/biobank-traits`, consentUrl: `${consents}/biobank-traits` },
    "whole-person-traits": {
      destination: "store",
      url: `${store}/partners/whole-person-traits`,
      consentUrl: `${consents}/whole-person-traits`,
    },
    ancestry: { destination: "store", url: `${store}/ancestry`, consentUrl: `${consents}/ancestry` },
    "women-wellness": { destination: "store", url: `${store}/women-wellness`, consentUrl: `${consents}/women-wellness` },
    "exome-download": { destination: "store", url: `${store}/exome-download`, consentUrl: null },
  },
} as const;
