// Preloaded into a benchmark's server process (the tracking bench's, the soak's) with node
// --expose-gc --import: on the parent's "memory" message it collects garbage and answers with
// process.memoryUsage(), so the bench reads the server's live memory without any route or setting
// of the server's own.
process.on("message", (message) => {
  if (message !== "memory") return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  process.send?.({ type: "memory", ...process.memoryUsage() });
});
