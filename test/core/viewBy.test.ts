// View by's choices (src/core/query/viewBy.ts): a SKU shown by code and product name, sent by its code; a filter's
// names as they are; typed text names a choice only exactly, never one it merely starts like.
import { notAChoiceText, viewByChoiceOf, viewByChoices } from "../../src/core/query/viewBy";

const lists = {
  sku: ["100001", "100002", "100010"],
  // The service's "SKU code joined with product name", in another order than the codes (matched by code).
  skuProductName: ["100010 - Meadowmere Semi Skimmed 2L", "100001 - Sunvale Orange Juice 1L"],
  filter2: ["Sunvale", "sunvale light"],
};

test("a SKU's choice shows its code and name and sends its code; a code without a name shows the code", () => {
  expect(viewByChoices(lists, "sku")).toEqual([
    { value: "100001", text: "100001 - Sunvale Orange Juice 1L" },
    { value: "100002", text: "100002" },
    { value: "100010", text: "100010 - Meadowmere Semi Skimmed 2L" },
  ]);
  expect(viewByChoices(lists, "filter2")).toEqual([
    { value: "Sunvale", text: "Sunvale" },
    { value: "sunvale light", text: "sunvale light" },
  ]);
  expect(viewByChoices(lists, "filter4")).toEqual([]);
  expect(viewByChoices(undefined, "sku")).toEqual([]);
});

test("typed text names a choice exactly (a SKU's name in any case), never one it starts like", () => {
  const skus = viewByChoices(lists, "sku");
  expect(viewByChoiceOf("100001", skus, "sku")?.value).toBe("100001");
  expect(viewByChoiceOf(" 100001 - sunvale orange juice 1l ", skus, "sku")?.value).toBe("100001");
  expect(viewByChoiceOf("100001 - Sunvale Orange Juice", skus, "sku")).toBeUndefined();
  expect(viewByChoiceOf("1000", skus, "sku")).toBeUndefined();
  expect(viewByChoiceOf("", skus, "sku")).toBeUndefined();
  // Filter names are case sensitive at the service.
  const brands = viewByChoices(lists, "filter2");
  expect(viewByChoiceOf("Sunvale", brands, "filter2")?.value).toBe("Sunvale");
  expect(viewByChoiceOf("sunvale", brands, "filter2")).toBeUndefined();
});

test("text that names no choice is said as typed", () => {
  expect(notAChoiceText("100001 - Sunvale Orange Juice", "sku")).toBe(
    '"100001 - Sunvale Orange Juice" is not one of the SKUs in the list. Choose one from the list, or clear View by for every SKU.',
  );
  expect(notAChoiceText("sunvale", "filter2")).toMatch(
    /^"sunvale" is not one of filter2's names \(they are case sensitive\)/,
  );
});
