/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) in the system
 * Chromium. Never downloads a browser: CHROME_PATH or /usr/bin/chromium.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  networkRequests: number;
  /** What the largest contentful paint painted (Lighthouse's node label), to say why it came when it did. */
  lcpElement: string;
  /** Audits of the three categories that did not pass, for the report. */
  failedAudits: string[];
  /** Attempts before this run whose trace Chromium did not record (they measured nothing; see UNRECORDED_TRACE). */
  unrecordedAttempts: number;
}

/**
 * Lighthouse's own error for a trace with no navigation start in it: the run measured nothing (every
 * performance metric missing, score 0) and Lighthouse's message is "Please run Lighthouse again". The
 * bench does, up to twice, and counts the attempts in the report.
 */
const UNRECORDED_TRACE = "NO_NAVSTART";
const MOST_ATTEMPTS = 3;

export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export async function runLighthouse(url: string, headers: Record<string, string> = {}): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    const { figures, runtimeErrorCode } = await lighthouseOnce(url, headers);
    if (runtimeErrorCode !== UNRECORDED_TRACE || attempt === MOST_ATTEMPTS) return { ...figures, unrecordedAttempts: attempt - 1 };
  }
}

async function lighthouseOnce(
  url: string,
  headers: Record<string, string>,
): Promise<{ figures: Omit<LighthouseFigures, "unrecordedAttempts">; runtimeErrorCode?: string }> {
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const weighted = Object.values(categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
      .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined);
    // An audit that could not measure (a run with no paint in its trace scores 0) says why.
    const failedAudits = [
      ...(result.lhr.runtimeError ? [`run (${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message})`] : []),
      ...weighted
        .filter((audit) => audit.scoreDisplayMode === "error")
        .map((audit) => `${audit.id} (error: ${audit.errorMessage ?? "no message"})`),
      ...weighted
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`),
    ];
    const requests = audits["network-requests"]?.details as { items?: unknown[] } | undefined;
    const lcpParts = audits["lcp-breakdown-insight"]?.details as
      { items?: { type: string; nodeLabel?: string; snippet?: string }[] } | undefined;
    const lcpNode = lcpParts?.items?.find((item) => item.type === "node");
    const figures = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      networkRequests: requests?.items?.length ?? 0,
      lcpElement: lcpNode ? `${lcpNode.snippet ?? ""} ${lcpNode.nodeLabel ?? ""}`.trim().slice(0, 120) : "–",
      failedAudits,
    };
    return { figures, runtimeErrorCode: result.lhr.runtimeError?.code };
  } finally {
    chrome.kill();
  }
}
