/**
 * `tsx scripts/bench/profile.ts [path…]`: starts the stack with the portal under `node --cpu-prof`,
 * signs the demo participant in, puts each path under load in turn (a fresh portal process per path,
 * so each profile holds one page only) and prints where the portal's CPU went, per request.
 * Uses the existing build (run `npm run build` first: build/server/index.js). Defaults: /session-expired and /.
 * BENCH_CONNECTIONS, BENCH_WARM_UP_SECONDS and BENCH_DURATION_SECONDS as for `npm run bench`; PROFILE_PORT_BASE (3750);
 * PROFILE_STACKS=name,… prints the stacks those functions ran under; PROFILE_FILTER=text lists the
 * functions on the stack whose name holds the text ("build:" for the portal's own).
 */
import { profileUnderLoad } from "./cpu-breakdown.ts";
import { formatSummary, stacksOf, summarizeProfile } from "./cpu-profile.ts";
import { generousSendingBudgets } from "./generous-sending-budgets.ts";
import { signInOverHttp } from "./sign-in.ts";
import { startStack } from "./stack.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const portBase = Number(process.env.PROFILE_PORT_BASE ?? 3750);
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/session-expired", "/"];
const account = { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101" };

async function profilePath(target: string) {
  const { profile, window, figures, callsCpuMs } = await profileUnderLoad(
    async (profileNodeArgs) => {
      const stack = await startStack({
        ports: { portal: portBase, identity: portBase + 1, results: portBase + 2 },
        portalNodeArgs: profileNodeArgs,
        logLevel: process.env.LOG_LEVEL ?? "info",
        identityEnv: generousSendingBudgets,
      });
      try {
        const { cookie } = await signInOverHttp(stack.portalUrl, stack.identityUrl, account);
        const url = `${stack.portalUrl.replace("//localhost:", "//127.0.0.1:")}${target}`;
        const headers: Record<string, string> = target === "/session-expired" ? {} : { cookie };
        return {
          target: { url, headers },
          calls: [stack.results, stack.identity].map((service) => ({ name: service.name, pid: service.pid() })),
          stop: () => stack.stop(),
        };
      } catch (error) {
        await stack.stop();
        throw error;
      }
    },
    { connections, warmUpSeconds, durationSeconds },
  );
  const { requests } = figures;
  console.log(
    `\n## GET ${target}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, ${figures.failures} failures; ` +
      callsCpuMs.map(({ name, ms }) => `${name} ${(ms / requests).toFixed(2)} ms`).join(", ") +
      " per request",
  );
  // Only the measured load counts: start-up, sign-in and warm-up are left out.
  console.log(formatSummary(summarizeProfile(profile, { window }), requests));
  // PROFILE_FILTER=build: lists the functions on the stack whose name holds that text (e.g. the portal's own).
  const filter = process.env.PROFILE_FILTER;
  if (filter) {
    console.log(`on the stack, matching ${filter}:`);
    for (const share of summarizeProfile(profile, { window, count: 1000 })
      .inclusiveByFunction.filter(({ name }) => name.includes(filter))
      .slice(0, 40)) {
      console.log(`  ${String(share.ms).padStart(7)} ms ${String(share.percent).padStart(5)} %  ${share.name}`);
    }
  }
  // PROFILE_STACKS=open,stat prints where those functions were called from.
  for (const name of (process.env.PROFILE_STACKS ?? "").split(",").filter(Boolean)) {
    console.log(`stacks of ${name}:`);
    for (const { ms, name: stack } of stacksOf(profile, name, { window })) console.log(`  ${ms} ms  ${stack}`);
  }
}

for (const target of paths) await profilePath(target);
