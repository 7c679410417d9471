import path from "node:path";
import * as z from "zod";
import { deploymentEnvironmentOf } from "../lib/deployment/environment.ts";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PORTAL_URL: z.url().default("http://localhost:3000"),
  IDP_ISSUER: z.url().default("http://localhost:3001"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The server build the server runs (default: the project's build/server/index.js). */
  PORTAL_BUILD: z.string().min(1).optional(),
  PORTAL_VITE_DEV: z.enum(["0", "1"]).default("0"),
  /** Proxies whose X-Forwarded-For names the client, for per-address limits (proxy-addr syntax); none by default. */
  PORTAL_TRUSTED_PROXIES: z.string().default(""),
});

export const projectRoot = path.resolve(import.meta.dirname, "..");

export type ServerConfig = ReturnType<typeof serverConfigFrom>;

/** The few settings the process edge needs; the app validates all of its own when the build loads. */
export function serverConfigFrom(env: Record<string, string | undefined>) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid portal server configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    portalOrigin: new URL(e.PORTAL_URL).origin,
    idpOrigin: new URL(e.IDP_ISSUER).origin,
    // Outside development (lib/deployment): HSTS.
    production: deploymentEnvironmentOf(env) !== "development",
    logLevel: e.LOG_LEVEL,
    buildPath: path.resolve(projectRoot, e.PORTAL_BUILD ?? "build/server/index.js"),
    // `npm run dev`: Vite serves the app from source with hot updates (never outside development).
    viteDevelopment: e.PORTAL_VITE_DEV === "1",
    trustedProxies: e.PORTAL_TRUSTED_PROXIES.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}
