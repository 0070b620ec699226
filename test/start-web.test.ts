// `npm run start:web`: Excel on the web needs a workbook link; without one the script says so and how to get one.
import { documentUrl, sideloadCommand } from "../dev/start-web";

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
  expect(command.slice(0, 6)).toEqual(["npx", "--yes", "office-addin-debugging", "start", "manifest.xml", "web"]);
  const option = (name: string) => command[command.indexOf(name) + 1];
  expect(option("--app")).toBe("excel");
  expect(option("--document")).toBe("https://1drv.ms/x/s!abc");
  expect(option("--dev-server")).toBe("npm start");
  expect(option("--dev-server-port")).toBe("3000");
});
