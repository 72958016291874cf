import { describe, expect, it } from "vitest";
import { hitRadius, seriesOpacity } from "@/components/charts/hover";

describe("seriesOpacity", () => {
  it("draws every series in full when nothing is hovered", () => {
    expect(seriesOpacity(null, "A")).toBe(1);
    expect(seriesOpacity(null, "A", 0.3)).toBe(0.3);
  });

  it("keeps the hovered series and dims the others to a fifth", () => {
    expect(seriesOpacity({ series: "A" }, "A")).toBe(1);
    expect(seriesOpacity({ series: "A" }, "A", 0.35)).toBe(0.35);
    expect(seriesOpacity({ series: "A" }, "B")).toBeCloseTo(0.2);
    expect(seriesOpacity({ series: "A" }, "B", 0.3)).toBeCloseTo(0.06);
  });
});

describe("hitRadius", () => {
  it("is at least 8 px and 4 px beyond the dot", () => {
    expect(hitRadius(3)).toBe(8);
    expect(hitRadius(6)).toBe(10);
  });
});
