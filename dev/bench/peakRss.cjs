// Preloaded (node --require) into the sync bench's child process: at exit, the process's own peak RSS in kB written to
// the file PEAK_RSS_FILE names, so the figure is that process's alone. On Linux it is VmHWM, the high-water mark of
// the process's own memory map: getrusage's maxRSS (process.resourceUsage) also counts the memory of the process
// that started it, as the child held it between fork and exec (the bench process, holding gigabytes of recorded
// answers, made every child's maxRSS at least its own). Elsewhere, maxRSS.
const { readFileSync, writeFileSync } = require("node:fs");

/** The process's own peak RSS, in kB. */
function peakKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // not Linux: getrusage's figure
  }
  return process.resourceUsage().maxRSS;
}

process.on("exit", () => {
  if (process.env.PEAK_RSS_FILE) writeFileSync(process.env.PEAK_RSS_FILE, String(peakKb()));
});
module.exports = { peakKb };
