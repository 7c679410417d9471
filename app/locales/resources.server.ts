import type { Language, Namespace } from "~/i18n/languages";
import { programStrings } from "../../lib/program/strings.ts";
import accessibilityEn from "./en/accessibility.json";
import authEn from "./en/auth.json";
import commonEn from "./en/common.json";
import counsellingEn from "./en/counselling.json";
import dashboardEn from "./en/dashboard.json";
import familyEn from "./en/family.json";
import profileEn from "./en/profile.json";
import sharesEn from "./en/shares.json";
import uiEn from "./en/ui.json";
import accessibilityEs from "./es/accessibility.json";
import authEs from "./es/auth.json";
import commonEs from "./es/common.json";
import counsellingEs from "./es/counselling.json";
import dashboardEs from "./es/dashboard.json";
import familyEs from "./es/family.json";
import profileEs from "./es/profile.json";
import sharesEs from "./es/shares.json";
import uiEs from "./es/ui.json";

/**
 * Every namespace of every language. Only the server holds all of them. The program's strings that
 * the embedded services show too (its name) live in lib/program/locales and are part of `common`.
 */
export const resources = {
  en: {
    common: { ...programStrings.en, ...commonEn },
    ui: uiEn,
    auth: authEn,
    profile: profileEn,
    dashboard: dashboardEn,
    accessibility: accessibilityEn,
    shares: sharesEn,
    family: familyEn,
    counselling: counsellingEn,
  },
  es: {
    common: { ...programStrings.es, ...commonEs },
    ui: uiEs,
    auth: authEs,
    profile: profileEs,
    dashboard: dashboardEs,
    accessibility: accessibilityEs,
    shares: sharesEs,
    family: familyEs,
    counselling: counsellingEs,
  },
} satisfies Record<Language, Record<Namespace, unknown>>;
