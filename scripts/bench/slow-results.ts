/**
 * What a participant waits for when the results service is slow or hung: the time to the first byte
 * of the dashboard (one request, nothing else running) while the real results service holds its
 * answer (its development fault injection), and which page came back.
 */
export interface SlowResultsFigure {
  name: string;
  heldMs: number;
  status: number;
  timeToFirstByteMs: number;
  page: string;
}

/** Told apart by the page's heading (the translations in the page hold every one of these words). */
const PAGES: [RegExp, string][] = [
  [/<h1[^>]*>Gathering your information/, "'Gathering your information...' (refreshes itself)"],
  [/<h1[^>]*>Oops! There Was an Unexpected Issue With the Network/, "network error screen"],
  [/<h1[^>]*>My Results/, "My Results"],
];
const MY_RESULTS = PAGES[2]![0];

export async function measureSlowResults(options: {
  resultsUrl: string;
  dashboardUrl: string;
  cookie: string;
  userId: string;
}): Promise<SlowResultsFigure[]> {
  const figures: SlowResultsFigure[] = [];
  for (const [name, heldMs, attempts] of [
    ["Results service slow (5 s per answer)", 5_000, 1],
    ["Results service hung (every attempt held 30 s)", 30_000, 3],
  ] as const) {
    const fault = await fetch(`${options.resultsUrl}/dev/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userID: options.userId, failNext: attempts, delayMs: heldMs }),
    });
    if (!fault.ok) throw new Error(`the results service refused the fault (${fault.status})`);
    const started = performance.now();
    const response = await fetch(options.dashboardUrl, { headers: { cookie: options.cookie }, redirect: "manual" });
    const timeToFirstByteMs = performance.now() - started;
    const html = await response.text();
    figures.push({
      name,
      heldMs,
      status: response.status,
      timeToFirstByteMs,
      page: PAGES.find(([pattern]) => pattern.test(html))?.[1] ?? "other",
    });
    await fetch(`${options.resultsUrl}/dev/faults`, { method: "DELETE" });
    await untilMyResults(options);
  }
  return figures;
}

/**
 * The portal keeps a late answer for the participant's next request; the next case must not be
 * measured on it, so the dashboard is asked for (once a second) until it shows My Results again.
 */
async function untilMyResults(options: { dashboardUrl: string; cookie: string }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(options.dashboardUrl, { headers: { cookie: options.cookie }, redirect: "manual" })).text();
    if (MY_RESULTS.test(html)) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error("the dashboard did not show My Results again within 60 s after the fault was cleared");
}
