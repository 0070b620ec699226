// A client whose answers are changed on their way (rows left out, emptied, text rewritten): what a service that sent
// such answers would give, for the read the refresh makes (getData) and Get data's (readSized, in chunks: its rows
// changed as they come, when it takes them as they come).
import type { DataResult, SalesClient } from "../../../src/api";
import type { DataRow } from "../../../src/api/schemas";

/** `alter` gets each batch of an answer's rows and its period column, and gives the rows the client hands on. */
export type AlterRows = (rows: DataRow[], periodField: string) => DataRow[];

export function alteredClient(client: SalesClient, alter: AlterRows): SalesClient {
  const altered = <R extends DataResult>(r: R): R => ({ ...r, rows: alter(r.rows, r.periodField) });
  return {
    ...client,
    getData: async (q, o) => altered(await client.getData(q, o)),
    readSized: async (q, o) => {
      const collect = o?.collect;
      const results = await client.readSized(q, {
        ...o,
        ...(collect && {
          collect: (i: number) => {
            const inner = collect(i);
            return {
              add: (chunk: number, rows: DataRow[], field: string) => inner.add(chunk, alter(rows, field), field),
            };
          },
        }),
      });
      return results.map(altered);
    },
  };
}
