export type DeploymentEnvironment = "development" | "staging" | "regulated-test" | "production";

/** SPEC.md §9: development (localhost, dev hosts, 192.168.*), staging, regulated-test, otherwise production. */
export function environmentForHost(hostname: string): DeploymentEnvironment {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host === "127.0.0.1" || host.startsWith("192.168.") || /(^|[.-])dev([.-]|$)/.test(host)) {
    return "development";
  }
  if (/(^|[.-])(staging|stage|stg)([.-]|$)/.test(host)) return "staging";
  if (/(^|[.-])(regulated-test|regtest)([.-]|$)/.test(host)) return "regulated-test";
  return "production";
}
