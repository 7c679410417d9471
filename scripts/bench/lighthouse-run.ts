/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) in the system
 * Chromium, one browser for every run. Never downloads a browser: CHROME_PATH or /usr/bin/chromium.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift over the load, hydration included. */
  cls: number;
}

/**
 * Lighthouse's error for a trace with no navigation start in it: the run measured nothing (every metric
 * missing, score 0) and Lighthouse asks to be run again. The bench does, up to twice.
 */
const UNRECORDED_TRACE = "NO_NAVSTART";
const MOST_ATTEMPTS = 3;
/** The audits the performance score is weighed from: Lighthouse gathers and audits nothing else. */
const PERFORMANCE_METRICS = [
  "first-contentful-paint",
  "speed-index",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
];

export async function openChromium() {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  return {
    /** One mobile run of `url` with `headers` on every request (the session cookie). */
    async run(url: string, headers: Record<string, string>): Promise<LighthouseFigures> {
      for (let attempt = 1; ; attempt += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          logLevel: "error",
          onlyAudits: PERFORMANCE_METRICS,
          extraHeaders: headers,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError?.code === UNRECORDED_TRACE && attempt < MOST_ATTEMPTS) continue;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        return {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: metric("largest-contentful-paint"),
          tbtMs: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
        };
      }
    },
    close: () => chrome.kill(),
  };
}
