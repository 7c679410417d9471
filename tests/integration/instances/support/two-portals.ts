/**
 * A deployment of two portal instances: one PostgreSQL server (started here), the identity
 * provider and results service once, and two portal processes (server/index.ts) of the production build on
 * their own ports behind one public origin (the load balancer), with the same settings and secrets.
 *
 * Portal A is the portal of `startStack` (told to listen on its own port while its PORTAL_URL is
 * the balancer's); portal B is a second process of the same build with the same settings.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { processArgs } from "../../../../lib/launcher/process-command.ts";
import { generousSendingBudgets } from "../../../support/sending-budgets.ts";
import { ensurePortalBuilt, freePort, projectRoot, startStack, type Stack } from "../../../support/stack.ts";
import { startServiceProcess, type ServiceProcess } from "../../ops/support/sigterm-under-load.ts";
import { startLoadBalancer, type LoadBalancer } from "./load-balancer.ts";
import { startPostgresServer, type PostgresServer } from "./postgres-server.ts";

export interface TwoPortals {
  /** The one origin participants and the identity provider know (PORTAL_URL of both instances). */
  publicUrl: string;
  identityUrl: string;
  balancer: LoadBalancer;
  /** A connection of the test's own to the portals' database, to read and age session rows. */
  database: pg.Pool;
  stack: Stack;
  portalB: ServiceProcess;
  stop(): Promise<void>;
}

export async function startTwoPortals(): Promise<TwoPortals> {
  ensurePortalBuilt();
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const postgres: PostgresServer = await startPostgresServer(await freePort());
    cleanups.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase("portal");
    const database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => database.end());

    const ports = { a: await freePort(), b: await freePort(), identity: await freePort(), results: await freePort() };
    const balancer = await startLoadBalancer({ a: ports.a, b: ports.b });
    cleanups.push(() => balancer.close());

    const identityUrl = `http://localhost:${ports.identity}`;
    const resultsUrl = `http://localhost:${ports.results}`;
    // Exactly what every instance is given; a deployment sets the same on each.
    const instanceSettings = {
      PORTAL_URL: balancer.url,
      IDP_ISSUER: identityUrl,
      RESULTS_API_URL: resultsUrl,
      RESULTS_API_AUDIENCE: resultsUrl,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      HOST: "127.0.0.1",
      NODE_ENV: "production" as const,
      LOG_LEVEL: "warn",
    };

    // The balancer is pinned to A while the stack waits for the portal's /healthz through it.
    const stack = await startStack({
      ports: { portal: balancer.port, identity: ports.identity, results: ports.results },
      portalEnv: { ...instanceSettings, PORT: String(ports.a) },
      identityEnv: generousSendingBudgets,
      // No demo participants: each test creates the participants it signs in.
      participantsFile: "",
    });
    cleanups.push(() => stack.stop());

    const portalB = await startServiceProcess(
      processArgs("portal", projectRoot, { from: "built" }),
      { ...process.env, ...instanceSettings, PORT: String(ports.b), PORTAL_DATA_DIR: path.join(stack.dataDir, "portal-b") },
      `http://127.0.0.1:${ports.b}`,
    );
    cleanups.push(async () => {
      portalB.child.kill("SIGTERM");
      await portalB.exited;
    });

    return { publicUrl: balancer.url, identityUrl, balancer, database, stack, portalB, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
