// Pulling actions when the workbook's Actions record was damaged by hand: the pull still works, writes a new
// Actions table (the old one is left as it was), replaces the record, and says so.
import { createWorkbookHost } from "../../dev/workbook-host";
import { readActionsRecord } from "../../src/excel/queryStore";
import { actionOperations } from "../../src/taskpane/operations/actionOperations";
import { sessionFor } from "../functions/helpers";
import { startTestSimulator, type TestSimulator } from "../support/simulator";

/** The workbook setting the Actions table's record lives under, as saved workbooks hold it. */
const ACTIONS_SETTING = "SalesData.actions";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

test("a damaged Actions record is set aside with a note, and the next pull replaces it", async () => {
  const host = createWorkbookHost();
  await host.run(async (context) => {
    context.workbook.settings.add(ACTIONS_SETTING, JSON.stringify({ tableName: "Old_actions", pulledAt: 7 }));
    await context.sync();
  });
  await expect(readActionsRecord(host.run)).rejects.toThrow(/Old_actions/);
  const ops = actionOperations(host.run, await sessionFor(sim));
  const pulled = await ops.pullActions(["northmart"]);
  expect(pulled.rows).toBeGreaterThan(0);
  expect(pulled.note).toMatch(/Old_actions.*A new Actions table was written; the old one was left as it was\.$/);
  expect(await readActionsRecord(host.run)).toMatchObject({ tableName: pulled.tableName, retailers: ["northmart"] });
  const again = await ops.pullActions(["northmart"]);
  expect(again.tableName).toBe(pulled.tableName);
  expect(again.note).toBeUndefined();
});
