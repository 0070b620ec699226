// The metadata Excel reads for the SALES functions (functions.json), generated from src/functions/functions.ts by
// the same generator the build's plugin runs: which arguments take a range, and what their help says.
import { dirname, join } from "node:path";
import { LEVEL_METRICS, metricLabel } from "../../src/core/query/metrics";

interface Metadata {
  functions: {
    id: string;
    parameters: { name: string; type: string; dimensionality?: string; description?: string }[];
  }[];
}

// The generator the build's custom-functions-metadata-plugin uses (its dependency, resolved from it).
const generator = require(
  require.resolve("custom-functions-metadata", {
    paths: [dirname(require.resolve("custom-functions-metadata-plugin"))],
  }),
) as { generateCustomFunctionsMetadata(input: string): Promise<{ metadataJson: string; errors: string[] }> };

let metadata: Metadata;
beforeAll(async () => {
  const result = await generator.generateCustomFunctionsMetadata(join(__dirname, "../../src/functions/functions.ts"));
  expect(result.errors).toEqual([]);
  metadata = JSON.parse(result.metadataJson) as Metadata;
}, 60_000);

const param = (fn: string, name: string) =>
  metadata.functions.find((f) => f.id === fn)!.parameters.find((p) => p.name === name)!;

test("SALES.SKU and SALES.STORE take their retailer (and metrics) as a range; the help names several retailers", () => {
  for (const fn of ["SKU", "STORE"]) {
    for (const name of ["retailer", "metrics"])
      expect([fn, name, param(fn, name).dimensionality]).toEqual([fn, name, "matrix"]);
    expect(param(fn, "retailer").description).toMatch(/several: a range of cells or "northmart,freshway"/);
  }
});

test("SALES.VALUE and the list functions keep one retailer (a scalar argument)", () => {
  for (const fn of ["VALUE", "METRICS", "FILTERS", "ACTIONS"])
    expect([fn, param(fn, "retailer").dimensionality ?? "scalar"]).toEqual([fn, "scalar"]);
  expect(param("VALUE", "retailer").description).toMatch(/for several retailers use SALES\.SKU/);
});

test("the metrics' help names each metric of the level by its plain name, the service's name beside it", () => {
  const help = (fn: string, name: string) => param(fn, name).description ?? "";
  expect(help("SKU", "metrics")).toContain(`At SKU level: ${LEVEL_METRICS.sku.map(metricLabel).join(", ")}.`);
  expect(help("STORE", "metrics")).toContain(`At store level: ${LEVEL_METRICS.store.map(metricLabel).join(", ")}.`);
  expect(help("VALUE", "metric")).toContain(LEVEL_METRICS.sku.map(metricLabel).join(", "));
  expect(help("SKU", "metrics")).toContain("Unit rate of sale (unit_ros)");
});
