/**
 * How the results service's process is started (the launcher, the bench and the memory test use
 * these). Archives stream through many short-lived buffers; with V8's default young generation the
 * process grew by 54–81 MiB while writing a 200 MB exome into a ZIP, with it bounded at 2 MiB per
 * semi-space by 8 MiB (tests/platform/results/data-export-memory.test.ts, PostgreSQL server; nothing measurable with
 * the embedded database, whose own heap already holds that headroom).
 * Node's own type stripping runs the service, not tsx's loader, which holds a compiler and its cache
 * in the process for good: the service uses only syntax that strips to JavaScript (no JSX, no
 * parameter properties, imports that name their files).
 */
export const RESULTS_NODE_ARGS = ["--max-semi-space-size=2", "platform/results/main.ts"];
