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

/** A browser that cannot run the worker writes the moments on the page's own thread, as before. */
function writeThemHere() {
  writeOwnZoneWith(null);
  changed();
}

function startWorker(): Worker {
  // A classic worker (the build gives one file without imports), which every browser with workers runs.
  const started = new Worker(new URL("./workers/own-zone.worker.ts", import.meta.url));
  started.onmessage = ({ data }: MessageEvent<[string, string][]>) => {
    for (const [key, text] of data) written.set(key, text);
    changed();
  };
  started.onerror = writeThemHere;
  return started;
}

function send() {
  const batch = [...waiting];
  waiting.clear();
  try {
    worker ??= startWorker();
    worker.postMessage(batch);
  } catch {
    writeThemHere();
  }
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
