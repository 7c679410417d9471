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
  /** Why attempts before this one were run again (Lighthouse measured nothing, or not every metric). */
  repeated: string[];
}

/**
 * On a busy machine Chromium now and then records a trace Lighthouse cannot read: no navigation start
 * (NO_NAVSTART, every metric missing), or one metric missing (its audit errs, and the score is 0). The
 * bench runs such an attempt again, up to twice, and says why.
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
      const repeated: string[] = [];
      for (let attempt = 1; ; attempt += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          logLevel: "error",
          onlyAudits: PERFORMANCE_METRICS,
          extraHeaders: headers,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError && lhr.runtimeError.code !== UNRECORDED_TRACE)
          throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const missing = PERFORMANCE_METRICS.filter((id) => lhr.audits[id]?.numericValue === undefined);
        if (missing.length > 0 && attempt < MOST_ATTEMPTS) {
          const why = lhr.runtimeError?.message ?? missing.map((id) => lhr.audits[id]?.errorMessage ?? `${id} missing`).join("; ");
          repeated.push([...new Set(why.split("; "))].join("; "));
          continue;
        }
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        return {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: metric("largest-contentful-paint"),
          tbtMs: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          repeated,
        };
      }
    },
    close: () => chrome.kill(),
  };
}
