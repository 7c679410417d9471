import { deploymentEnvironment } from "./environment.server";

/** SPEC.md §9: cookies are Secure except in development. */
export function cookieSecurity(): { secure: boolean } {
  return { secure: deploymentEnvironment() !== "development" };
}
