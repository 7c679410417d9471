declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Instance extends EventEmitter, PromiseLike<unknown> {
    stop(): void;
  }
  export default function autocannon(options: { url: string; connections?: number; duration?: number }): Instance;
}
