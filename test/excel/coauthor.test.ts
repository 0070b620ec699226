// replaceTail beside a co-author (src/excel/tables/coauthor.ts, staging.ts): a person's action at every turn
// among its syncs (host.interleave), and the staging sheets of other sessions. The refresh-level interleavings,
// with two refreshes, are test/refresh/coauthor.test.ts.
import type { PickTurn, WorkbookHost } from "../../dev/workbook-host";
import { replaceTail, tableChangedText, type TailReplacement, type TailResult } from "../../src/excel/tables";
import { COLUMNS, DAY, dayTable, rows, type Table } from "./support/dayTable";

/** The name versions before co-authoring support staged under, which every staging sheet's name starts with. */
const STAGING_SHEET = "SalesData_staging";
/** A staging sheet older than an hour is a leftover, whoever made it. */
const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A staging sheet's name, as every session and version writes it: "SalesData_staging_<session>_<time>", the
 * session 5 characters 0-9 a-z, the time (when staging started) seconds since 1970 in base 36, 7 digits.
 */
const stagingSheetName = (session: string, ms: number) =>
  `${STAGING_SHEET}_${session}_${Math.floor(ms / 1000)
    .toString(36)
    .padStart(7, "0")}`;

/** Days 0..3 of SKUs 1..3 (A1:C13) and a notes column (D) the user typed, empty. */
async function table(): Promise<Table> {
  const t = await dayTable([0, 1, 2, 3], [1, 2, 3]);
  t.host.typeCell(`'${t.sheet}'!D1`, "note");
  return t;
}

/** From day 2: day 2 with SKU 4 new between 1 and 2 (the rows below move down one), day 3 revised. */
const revision = (t: Table, limits?: TailReplacement["limits"]): TailReplacement => ({
  periodColumn: "day",
  cutoff: DAY + 2,
  data: { columns: COLUMNS, values: [...rows([2], [1, 4, 2, 3], 0.5), ...rows([3], [1, 2, 3], 0.5)] },
  service: t.service,
  limits,
  session: "sess0",
});

/** The sheet row (1-based) of day `d` SKU `s` now: where a person sees it. */
const rowOf = (t: Table, d: number, s: number) =>
  1 + t.host.sheetValues(t.sheet).findIndex((r, i) => i > 0 && r[0] === DAY + d && r[1] === s);

/** Session 1's n-th turn comes once session 0 has taken at[n] turns (or has none left). */
function after(at: readonly number[]): PickTurn {
  let zero = 0;
  let one = 0;
  return (waiting) => {
    if (waiting.includes(1) && (!waiting.includes(0) || (one < at.length && zero >= at[one]))) {
      one++;
      return 1;
    }
    zero++;
    return 0;
  };
}

/** replaceTail in session 0 and `acts` in session 1, session 1's n-th act at turn at[n]. */
async function beside(t: Table, rep: TailReplacement, acts: (() => void)[], at: number[]) {
  const { results } = await t.host.interleave<TailResult | undefined>(
    [
      (s) => replaceTail(s.run, t.name, rep),
      async (s) => {
        for (const act of acts) await s.act(act);
        return undefined;
      },
    ],
    after(at),
  );
  return results[0];
}

type Snapshot = ReturnType<WorkbookHost["snapshot"]>;
const withoutStaging = (s: Snapshot) => ({ ...s, sheets: s.sheets.filter((sh) => !sh.name.startsWith(STAGING_SHEET)) });

/** Turns replaceTail takes alone. */
async function soloTurns(rep: (t: Table) => TailReplacement): Promise<number> {
  const t = await table();
  t.host.stats.reset();
  await replaceTail(t.host.run, t.name, rep(t));
  return t.host.stats.syncs;
}

describe.each([
  ["in one write", undefined],
  ["staged", { rows: 2 }],
])("replaceTail beside a co-author, %s", (_, limits) => {
  test("a note typed in a row that moves, at any turn, ends on its row (read again in the commit's sync)", async () => {
    const n = await soloTurns((t) => revision(t, limits));
    for (let k = 0; k <= n; k++) {
      const t = await table();
      const typed = () => t.host.typeCell(`'${t.sheet}'!D${rowOf(t, 3, 3)}`, "mine");
      const result = await beside(t, revision(t, limits), [typed], [k]);
      expect(result.status).toBe("fulfilled");
      expect([k, t.host.sheetValues(t.sheet)[rowOf(t, 3, 3) - 1][3]]).toEqual([k, "mine"]);
      expect(t.host.sheetValues(t.sheet).filter((r) => r[3] === "mine")).toHaveLength(1);
    }
  });

  test("a column added beside the table, at any turn: refused in words with nothing written, or kept", async () => {
    const n = await soloTurns((t) => revision(t, limits));
    const verdicts = new Set<string>();
    for (let k = 0; k <= n; k++) {
      const t = await table();
      let typed: Snapshot | undefined;
      const add = () => {
        t.host.typeCell(`'${t.sheet}'!E1`, "margin");
        typed = t.host.snapshot();
      };
      const result = await beside(t, revision(t, limits), [add], [k]);
      const headers = t.host.sheetValues(t.sheet)[0];
      expect(headers).toEqual(["day", "sku", "revenue", "note", "margin"]);
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({ kind: "changed", message: tableChangedText(t.name) });
        // Nothing written: the workbook as the co-author left it (this replacement's staging sheet gone too).
        expect(withoutStaging(t.host.snapshot())).toEqual(withoutStaging(typed!));
        verdicts.add("refused");
      } else {
        expect(t.host.snapshot().tables[0]).toMatchObject({ rowCount: 13, headers });
        verdicts.add("written");
      }
    }
    expect([...verdicts].sort()).toEqual(["refused", "written"]);
  });
});

test("a note put back with its row, then rows deleted before that write: said, never written to the wrong row", async () => {
  const n = await soloTurns((t) => revision(t));
  const seen = new Set<string>();
  for (let k = 0; k <= n; k++) {
    const t = await table();
    const { results } = await t.host.interleave<TailResult | undefined>(
      [
        (s) => replaceTail(s.run, t.name, revision(t)),
        async (s) => {
          await s.act(() => t.host.typeCell(`'${t.sheet}'!D${rowOf(t, 3, 3)}`, "mine"));
          // The next turn, a co-author deletes the table's first row (the rows below move up).
          await s.run(async (ctx) => {
            ctx.workbook.worksheets
              .getItem(t.sheet)
              .getRange("A2:D2")
              .delete("Up" as Excel.DeleteShiftDirection);
            await ctx.sync();
          });
          return undefined;
        },
      ],
      after([k, k + 1]),
    );
    const result = results[0];
    if (result.status !== "fulfilled") continue; // refused: the rows deleted before the commit
    const note = t.host.sheetValues(t.sheet)[rowOf(t, 3, 3) - 1][3];
    if (result.value?.userCellsUnsure) {
      expect(result.value.userCellsUnsure).toBe(
        `"${t.name}" changed again while this refresh was putting the cells of your own columns (note) back with ` +
          "their rows: some may be in the wrong rows. Check them in the rows this refresh rewrote.",
      );
      seen.add("said");
    } else {
      expect([k, note]).toEqual([k, "mine"]);
      seen.add("right");
    }
  }
  expect([...seen].sort()).toEqual(["right", "said"]);
});

describe("staging sheets: each session's own", () => {
  test("named for the session and the time, at most 31 characters", async () => {
    const t = await table();
    const seen = new Set<string>();
    const look = () => t.host.snapshot().sheets.forEach((sh) => seen.add(sh.name));
    const before = Date.now();
    await beside(
      t,
      revision(t, { rows: 2 }),
      Array.from({ length: 8 }, () => look),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    const staged = [...seen].filter((n) => n.startsWith(STAGING_SHEET));
    expect(staged).toHaveLength(1);
    expect(staged[0]).toMatch(/^SalesData_staging_sess0_[0-9a-z]{7}$/);
    expect(staged[0].length).toBeLessThanOrEqual(31);
    const time = parseInt(staged[0].slice(-7), 36) * 1000;
    expect(time).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(time).toBeLessThanOrEqual(Date.now());
    // The time stays 7 digits until the year 4400: a name of 31 characters, Excel's longest, in the year 4000.
    seen.clear();
    const year4000 = jest.spyOn(Date, "now").mockReturnValue(Date.UTC(4000, 0, 1));
    try {
      const again = await table();
      await beside(
        again,
        revision(again, { rows: 2 }),
        Array.from({ length: 8 }, () => () => again.host.snapshot().sheets.forEach((sh) => seen.add(sh.name))),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
    } finally {
      year4000.mockRestore();
    }
    expect([...seen].filter((n) => n.startsWith(STAGING_SHEET)).map((n) => n.length)).toEqual([31]);
    await expect(replaceTail(t.host.run, t.name, { ...revision(t, { rows: 2 }), session: "Bad id" })).rejects.toThrow(
      /5 characters/,
    );
  });

  test("deleted: this session's, the old shared name, anyone's over an hour old; a co-author's recent one kept", async () => {
    const t = await table();
    const now = Date.now();
    const names = [
      stagingSheetName("sess0", now - 60_000),
      STAGING_SHEET,
      stagingSheetName("other", now - STAGING_MAX_AGE_MS - 1000),
      stagingSheetName("other", now - 60_000),
      stagingSheetName("ahead", now + 10 * 60_000), // a clock ahead of this one
    ];
    await t.host.run(async (ctx) => {
      for (const name of names) ctx.workbook.worksheets.add(name).visibility = "VeryHidden" as Excel.SheetVisibility;
      await ctx.sync();
    });
    await replaceTail(t.host.run, t.name, revision(t, { rows: 2 }));
    const sheets = t.host.snapshot().sheets.map((sh) => sh.name);
    expect(sheets.filter((sh) => sh.startsWith(STAGING_SHEET))).toEqual([names[3], names[4]]);
  });

  test("a replacement leaves a co-author's staging sheet alone and deletes the leftovers", async () => {
    const t = await table();
    const recent = stagingSheetName("other", Date.now() - 60_000);
    const old = stagingSheetName("other", Date.now() - 2 * STAGING_MAX_AGE_MS);
    await t.host.run(async (ctx) => {
      for (const name of [recent, old, STAGING_SHEET, stagingSheetName("sess0", Date.now())])
        ctx.workbook.worksheets.add(name).visibility = "VeryHidden" as Excel.SheetVisibility;
      await ctx.sync();
    });
    await replaceTail(t.host.run, t.name, revision(t, { rows: 2 }));
    const sheets = t.host.snapshot().sheets.map((s) => s.name);
    expect(sheets.filter((s) => s.startsWith(STAGING_SHEET))).toEqual([recent]);
  });

  test("a leftover a co-author deletes first does not fail the replacement", async () => {
    const t = await table();
    const old = stagingSheetName("other", Date.now() - 2 * STAGING_MAX_AGE_MS);
    await t.host.run(async (ctx) => {
      ctx.workbook.worksheets.add(old);
      await ctx.sync();
    });
    // Session 1 deletes it right after session 0 listed the sheets (session 0's first turn).
    const { results } = await t.host.interleave<TailResult | void>(
      [
        (s) => replaceTail(s.run, t.name, revision(t)),
        (s) =>
          s.run(async (ctx) => {
            ctx.workbook.worksheets.getItem(old).delete();
            await ctx.sync();
          }),
      ],
      after([1]),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(t.host.snapshot().sheets.map((s) => s.name)).not.toContain(old);
  });
});
