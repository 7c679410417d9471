import { accreditation, legal, support } from "../../lib/program/site.ts";

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
    health: {
      destination: "healthPortal",
      url: "https://health.dnadiscovery.example/health",
      consentUrl: "https://www.dnadiscovery.example/consents/health",
    },
    "fh-health": {
      destination: "healthPortal",
      url: "https://health.dnadiscovery.example/familial-hypercholesterolemia",
      consentUrl: "https://www.dnadiscovery.example/consents/familial-hypercholesterolemia",
    },
    traits: {
      destination: "store",
      url: "https://store.dnadiscovery.example/traits",
      consentUrl: "https://www.dnadiscovery.example/consents/traits",
    },
    "nevada-traits": {
      destination: "store",
      url: "https://store.dnadiscovery.example/partners/nevada-traits",
      consentUrl: "https://www.dnadiscovery.example/consents/nevada-traits",
    },
    "biobank-traits": {
      destination: "store",
      url: "https://store.dnadiscovery.example/partners/biobank-traits",
      consentUrl: "https://www.dnadiscovery.example/consents/biobank-traits",
    },
    "whole-person-traits": {
      destination: "store",
      url: "https://store.dnadiscovery.example/partners/whole-person-traits",
      consentUrl: "https://www.dnadiscovery.example/consents/whole-person-traits",
    },
    ancestry: {
      destination: "store",
      url: "https://store.dnadiscovery.example/ancestry",
      consentUrl: "https://www.dnadiscovery.example/consents/ancestry",
    },
    "women-wellness": {
      destination: "store",
      url: "https://store.dnadiscovery.example/women-wellness",
      consentUrl: "https://www.dnadiscovery.example/consents/women-wellness",
    },
    "exome-download": { destination: "store", url: "https://store.dnadiscovery.example/exome-download", consentUrl: null },
  },
} as const;
