import { environmentForHost, type DeploymentEnvironment } from "~/domain/deployment-environment";
import { env } from "./env.server";

export function deploymentEnvironment(): DeploymentEnvironment {
  return env.PORTAL_ENVIRONMENT ?? environmentForHost(new URL(env.PORTAL_URL).hostname);
}
