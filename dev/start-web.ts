// `npm run start:web -- --document <url>`: sideloads the add-in into a workbook in Excel on the web with
// Microsoft's office-addin-debugging (fetched by npx, never installed with the project), as Microsoft's
// "Sideload Office Add-ins to Office on the web" describes; it starts `npm start` (dev server and simulator)
// on port 3000 unless that is already running. --dry-run prints the command instead of running it.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run start:web -- --document <url>

<url> is the link to a workbook in Excel on the web: open Excel on the web (or OneDrive), create a workbook,
select Share > Copy link, and paste that link here (on a Mac, in single quotes).

Without the command line: run npm start, then in the workbook select Home > Add-ins > More Settings >
Upload My Add-in, browse to manifest.xml and select Upload.`;

/** The document link, or why it cannot be used. */
export function documentUrl(args: string[]): { url: string } | { problem: string } {
  const { values, positionals } = parseArgs({
    args,
    options: { document: { type: "string" }, "dry-run": { type: "boolean" } },
    allowPositionals: true,
  });
  const raw = values.document ?? positionals[0];
  if (!raw) return { problem: "Excel on the web needs the workbook to sideload into." };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `"${raw}" is not a web address.` };
  }
  if (url.protocol !== "https:") return { problem: `The workbook link must start with https://, got "${raw}".` };
  return { url: raw };
}

/** office-addin-debugging's usage for Excel on the web, with this project's dev server. */
export function sideloadCommand(url: string): string[] {
  return [
    "npx",
    "--yes",
    "office-addin-debugging",
    "start",
    "manifest.xml",
    "web",
    "--app",
    "excel",
    "--document",
    url,
    "--dev-server",
    "npm start",
    "--dev-server-port",
    "3000",
  ];
}

function main(args: string[]): number {
  const found = documentUrl(args);
  if ("problem" in found) {
    console.error(`${found.problem}\n\n${USAGE}`);
    return 1;
  }
  const command = sideloadCommand(found.url);
  if (args.includes("--dry-run")) {
    console.log(JSON.stringify(command));
    return 0;
  }
  const run = spawnSync(command[0], command.slice(1), { stdio: "inherit" });
  return run.status ?? 1;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
