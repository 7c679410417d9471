import { writeOwnZoneWith, type OwnZoneMoment } from "~/domain/clock-time";

/** Moments in the participant's own zone, as the worker wrote them, by key. */
const written = new Map<string, string>();
const waiting = new Map<string, OwnZoneMoment>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
let worker: Worker | null = null;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function startWorker(): Worker {
  const started = new Worker(new URL("./workers/own-zone.worker.ts", import.meta.url), { type: "module" });
  started.onmessage = ({ data }: MessageEvent<[string, string][]>) => {
    for (const [key, text] of data) written.set(key, text);
    changed();
  };
  // A browser that cannot run it writes them on the page's own thread, as before.
  started.onerror = () => {
    writeOwnZoneWith(null);
    changed();
  };
  return started;
}

function send() {
  const batch = [...waiting];
  waiting.clear();
  worker ??= startWorker();
  worker.postMessage(batch);
}

/** Re-renders what shows a moment in the participant's zone when the worker has written more of them. */
export const ownZoneMoments = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  version: () => version,
};

/** In the browser: moments in the participant's own zone are written by a worker. */
export function writeOwnZoneInAWorker(): void {
  if (typeof Worker === "undefined") return;
  writeOwnZoneWith({
    written(key, moment) {
      const text = written.get(key);
      if (text !== undefined || asked.has(key)) return text;
      asked.add(key);
      waiting.set(key, moment);
      // Every moment a render asks for goes in one message.
      if (waiting.size === 1) queueMicrotask(send);
      return undefined;
    },
  });
}
