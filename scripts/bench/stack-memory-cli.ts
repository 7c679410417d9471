/**
 * `tsx scripts/bench/stack-memory-cli.ts`: only the bench's whole-stack memory rows (about a minute),
 * on ports 3740–3742 (or BENCH_PORT_BASE + 40). Uses the existing build.
 */
import { stackMemorySection } from "./report.ts";
import { measureStackMemory } from "./stack-memory.ts";

const figures = await measureStackMemory({
  portBase: Number(process.env.BENCH_PORT_BASE ?? 3700) + 40,
  account: { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101" },
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  loadSeconds: Number(process.env.BENCH_MEMORY_SECONDS ?? 30),
});
console.log(stackMemorySection(figures).join("\n"));
