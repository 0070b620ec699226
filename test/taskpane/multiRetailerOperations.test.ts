// The pane's operations with several retailers, against the simulator over HTTP and the in-memory workbook: Get
// data names the table after its retailers and sums up per retailer; the card's summary lists them all, Edit
// reopens the builder with each one chosen and Insert formula writes the same list; a refresh line names the
// metrics each retailer omitted.
import { formulaFor } from "../../src/core/query/describe";
import { readTable } from "../../src/excel";
import { dataOperations } from "../../src/taskpane/operations/dataOperations";
import { tableOperations } from "../../src/taskpane/operations/tableOperations";
import { checkForm, fromQuery, type QueryForm } from "../../src/taskpane/queryBuilder/queryForm";
import { pullSummaryLines } from "../../src/taskpane/queryBuilder/RunPanel";
import { SIM_TODAY } from "../support/simulator";
import { refreshFixture } from "../refresh/support/fixture";
import { dateStyle } from "../../src/core/words";

/** The pane's date style in en-GB: days as 16/11/2026. */
const GB = dateStyle("en-GB");

const f = refreshFixture({ skus: 6, stores: 4 });

const FORM: QueryForm = {
  level: "sku",
  retailers: ["northmart", "pharmaplus"],
  timeframe: "weekly",
  metrics: ["revenue", "availability"],
  from: "2026-09-28",
  to: SIM_TODAY,
  rolling: false,
  comparison: "",
  filter: "sku",
  viewby: "",
  destination: "new-sheet",
};

/** The query the builder sends for the form: parsed and checked as the pane does before Get data. */
function sent(form: QueryForm) {
  const { query, errors } = checkForm(form, SIM_TODAY);
  if (!query) throw new Error(`the form is refused: ${JSON.stringify(errors)}`);
  return query;
}

async function getData(form: QueryForm) {
  const ops = dataOperations(f.host.run, () => f.deps);
  return ops.getData(sent(form), {
    rolling: form.rolling,
    destination: form.destination,
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
}

test("Get data with two retailers: one table named after both, and each retailer's rows and omitted metrics", async () => {
  const summary = await getData(FORM);
  expect(summary.tableName).toBe("Sales_northmart_pharmaplus_SKU_weekly");
  const { headers, values } = await readTable(f.host.run, summary.tableName);
  expect(headers.slice(0, 2)).toEqual([headers[0], "retailer"]);
  const count = (r: string) => values.filter((row) => row[1] === r).length;
  expect(summary.retailers).toEqual([
    { retailer: "northmart", rows: count("northmart"), omittedMetrics: [] },
    { retailer: "pharmaplus", rows: count("pharmaplus"), omittedMetrics: ["availability"] },
  ]);
  expect(count("northmart")).toBeGreaterThan(0);
  expect(count("pharmaplus")).toBeGreaterThan(0);
  expect(summary.rows).toBe(values.length);

  const lines = pullSummaryLines(summary, GB);
  expect(lines[0]).toMatch(/^Wrote [\d,]+ rows to Sales_northmart_pharmaplus_SKU_weekly on sheet /);
  expect(lines[1]).toBe(
    `northmart: ${count("northmart")} rows · pharmaplus: ${count("pharmaplus")} rows, omitted Availability.`,
  );
  // The per-retailer line says what was omitted: the single-retailer line is not repeated.
  expect(lines.some((l) => l.startsWith("Omitted by the retailer"))).toBe(false);
});

test("the card lists all retailers, Edit reopens the builder with each chosen, Insert formula writes the list", async () => {
  const { tableName } = await getData(FORM);
  const ops = tableOperations(f.host.run, () => f.deps);
  const [row] = await ops.listManaged();
  expect(row.summary).toMatch(/^northmart, pharmaplus · SKU · weekly · Revenue, Availability · /);

  const saved = (await ops.queryOf(tableName))!;
  const reopened = fromQuery(saved.query, saved.rolling);
  expect(reopened.retailers).toEqual(["northmart", "pharmaplus"]);
  expect(reopened).toEqual(FORM);
  expect(formulaFor(sent(reopened), reopened.rolling)).toBe(
    `=SALES.SKU("northmart,pharmaplus", "revenue,availability", "2026-09-28", "${SIM_TODAY}")`,
  );
});

test("a refresh line names the metrics each retailer omitted", async () => {
  const { tableName } = await getData({ ...FORM, rolling: true });
  const line = await tableOperations(f.host.run, () => f.deps).refresh(tableName);
  expect(line.text).toContain("omitted by pharmaplus: Availability");
  expect(line.text).not.toContain("omitted by the retailer");
  expect(line.text).not.toContain("omitted by northmart");
});

test("one retailer: the summary and the refresh line read as before", async () => {
  const summary = await getData({ ...FORM, retailers: ["pharmaplus"], rolling: true });
  expect(summary.tableName).toBe("Sales_pharmaplus_SKU_weekly");
  expect(summary.retailers).toBeUndefined();
  expect(pullSummaryLines(summary, GB)[1]).toBe("Omitted by the retailer: Availability.");
  const line = await tableOperations(f.host.run, () => f.deps).refresh(summary.tableName);
  expect(line.text).toContain("omitted by the retailer: Availability");
});

test("a cancelled pull of several retailers names only what each omitted", () => {
  const lines = pullSummaryLines(
    {
      tableName: "T",
      sheet: "S",
      rows: 10,
      omittedMetrics: ["availability"],
      retailers: [
        { retailer: "northmart", rows: 26, omittedMetrics: [] },
        { retailer: "pharmaplus", rows: 26, omittedMetrics: ["availability"] },
      ],
      warnings: [],
      complete: false,
    },
    GB,
  );
  expect(lines).toEqual(["Cancelled after 10 rows to T on sheet S.", "Omitted by pharmaplus: Availability."]);
});
