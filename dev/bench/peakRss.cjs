// Preloaded (node --require) into the sync bench's child process: at exit, the process's own peak RSS in kB (the
// operating system's getrusage maximum) written to the file PEAK_RSS_FILE names, so the figure is that process's
// alone, with nothing the bench process did before it.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  if (process.env.PEAK_RSS_FILE) writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
