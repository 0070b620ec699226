// `npm run start:web`: Excel on the web needs a workbook link; without one the script says so and how to get one.
import { documentUrl, launchFor, main, OFFICE_ADDIN_DEBUGGING, sideloadCommand } from "../dev/start-web";

test("the workbook link is required, and must be an https address", () => {
  expect(documentUrl([])).toEqual({ problem: "Excel on the web needs the workbook to sideload into." });
  expect(documentUrl(["--document", "not a url"])).toEqual({ problem: '"not a url" is not a web address.' });
  expect(documentUrl(["--document", "http://example.com/x"])).toEqual({
    problem: 'The workbook link must start with https://, got "http://example.com/x".',
  });
  expect(documentUrl(["--document", "https://1drv.ms/x/s!abc?e=1"])).toEqual({ url: "https://1drv.ms/x/s!abc?e=1" });
  expect(documentUrl(["https://1drv.ms/x/s!abc"])).toEqual({ url: "https://1drv.ms/x/s!abc" });
});

test("it runs office-addin-debugging for Excel on the web with the document and this project's dev server", () => {
  const command = sideloadCommand("https://1drv.ms/x/s!abc");
  expect(command.slice(0, 6)).toEqual(["npx", "--yes", "office-addin-debugging@7", "start", "manifest.xml", "web"]);
  const option = (name: string) => command[command.indexOf(name) + 1];
  expect(option("--app")).toBe("excel");
  expect(option("--document")).toBe("https://1drv.ms/x/s!abc");
  expect(option("--dev-server")).toBe("npm start");
  expect(option("--dev-server-port")).toBe("3000");
});

test("every Office tool npx fetches is pinned to a major version, in the scripts and here", () => {
  const scripts = (require("../package.json") as { scripts: Record<string, string> }).scripts;
  const fetched = Object.values(scripts).flatMap((s) => [...s.matchAll(/npx --yes (office-addin-[\w-]+(@\S+)?)/g)]);
  expect(fetched.map((m) => m[1])).toEqual(
    expect.arrayContaining(["office-addin-manifest@3", "office-addin-debugging@7"]),
  );
  for (const [, tool, version] of fetched) expect([tool, version]).toEqual([tool, expect.stringMatching(/^@\d+$/)]);
  expect(sideloadCommand("https://x.example/a")[2]).toBe(OFFICE_ADDIN_DEBUGGING);
  expect(OFFICE_ADDIN_DEBUGGING).toMatch(/^office-addin-debugging@\d+$/);
});

test("an unknown option or a missing value is named, with the usage, never a stack trace", () => {
  expect(documentUrl(["--documnet", "https://1drv.ms/x/s!abc"])).toEqual({ problem: "Unknown option '--documnet'." });
  expect(documentUrl(["--document"])).toEqual({ problem: "Option '--document <value>' argument missing." });
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(main(["--documnet", "https://1drv.ms/x/s!abc"], {})).toBe(1);
    const said = errors.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(said).toContain("Unknown option '--documnet'.");
    expect(said).toContain("Usage: npm run start:web -- --document <url>");
    expect(said).not.toMatch(/\n\s+at /);
  } finally {
    errors.mockRestore();
  }
});

test("--dry-run comes from the parse, with the link", () => {
  expect(documentUrl(["--document", "https://x.example/a", "--dry-run"])).toEqual({
    url: "https://x.example/a",
    dryRun: true,
  });
  expect(documentUrl(["--dry-run", "https://x.example/a"])).toEqual({ url: "https://x.example/a", dryRun: true });
});

test("run through npm, node runs npm's own CLI with exec: no shell, so & in a SharePoint link is only text", () => {
  const url = "https://contoso.sharepoint.com/:x:/g/Doc.aspx?sourcedoc={1}&action=edit";
  const npmCli = "C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js";
  const launch = launchFor(url, { npm_execpath: npmCli }, "win32", "C:\\node.exe");
  expect(launch).toEqual({
    file: "C:\\node.exe",
    args: [npmCli, "exec", "--yes", "--", ...sideloadCommand(url).slice(2)],
    shell: false,
  });
  expect(
    launchFor(url, { npm_execpath: "/usr/lib/node_modules/npm/bin/npm-cli.js" }, "linux", "/usr/bin/node"),
  ).toEqual({ file: "/usr/bin/node", args: expect.arrayContaining(["exec", url, "npm start"]), shell: false });
});

test("without npm's CLI: npx, through cmd.exe with every argument quoted on Windows", () => {
  const url = "https://contoso.sharepoint.com/x?a=1&b=2";
  expect(launchFor(url, {}, "darwin")).toEqual({ file: "npx", args: sideloadCommand(url).slice(1), shell: false });
  // yarn and pnpm set npm_execpath to their own scripts, which have no `exec --yes`.
  expect(launchFor(url, { npm_execpath: "/usr/lib/yarn/bin/yarn.js" }, "linux").file).toBe("npx");
  const win = launchFor(url, {}, "win32");
  expect(win).toMatchObject({ file: "npx", shell: true });
  expect(win.args).toContain(`"${url}"`);
  expect(win.args).toContain('"npm start"');
});

test("--dry-run prints the command it would run", () => {
  const logs = jest.spyOn(console, "log").mockImplementation(() => {});
  try {
    const npmCli = "/usr/lib/node_modules/npm/bin/npm-cli.js";
    expect(main(["--document", "https://1drv.ms/x/s!abc", "--dry-run"], { npm_execpath: npmCli })).toBe(0);
    const printed = JSON.parse(String(logs.mock.calls[0][0]));
    expect(printed.slice(1, 5)).toEqual([npmCli, "exec", "--yes", "--"]);
  } finally {
    logs.mockRestore();
  }
});
