import { describe, expect, it } from "vitest";
import { httpHref } from "./http-href";

describe("httpHref", () => {
  it("links http and https URLs", () => {
    expect(httpHref("https://example.org/a b")).toBe("https://example.org/a%20b");
    expect(httpHref(" HTTP://Example.org ")).toBe("http://example.org/");
  });

  it("refuses every other scheme and what is not a URL", () => {
    for (const text of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<b>x</b>",
      "file:///etc/passwd",
      "/relative/path",
      "example.org",
      "",
      "vbscript:x",
    ])
      expect(httpHref(text), text).toBeNull();
  });
});
