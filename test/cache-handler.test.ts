/** The in-memory page cache handler (cache-handler.mjs): what it keeps, what it drops, and when. */
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshHandler(megabytes: string) {
  vi.resetModules();
  vi.stubEnv("SEEKBOARD_PAGE_CACHE_MB", megabytes);
  const { default: PageCacheHandler } = await import("../cache-handler.mjs");
  return new PageCacheHandler();
}

const page = (bytes: number) => ({ kind: "APP_PAGE", html: "x".repeat(bytes), rscData: Buffer.alloc(0), headers: {}, postponed: undefined, status: 200, segmentData: undefined });

afterEach(() => vi.unstubAllEnvs());

describe("PageCacheHandler", () => {
  it("gives back what was set, with its cache control, and null for what was not", async () => {
    const handler = await freshHandler("1");
    await handler.set("/b/mpw", page(100), { cacheControl: { revalidate: 60, expire: 3600 } });
    const entry = await handler.get("/b/mpw");
    expect((entry?.value as { html: string }).html).toHaveLength(100);
    expect(entry?.cacheControl).toEqual({ revalidate: 60, expire: 3600 });
    expect(entry?.lastModified).toBeGreaterThan(0);
    expect(await handler.get("/b/qa")).toBeNull();
  });

  it("drops the least recently used entries past its byte budget, and never keeps an entry over an eighth of it", async () => {
    const handler = await freshHandler("1");
    // 120,000 bytes (+1 KiB overhead) each: eight fit in 1 MiB, a ninth pushes out the least recently used.
    for (let i = 0; i < 8; i++) await handler.set(`e${i}`, page(120_000), {});
    await handler.get("e0");
    await handler.set("e8", page(120_000), {});
    expect(await handler.get("e1")).toBeNull();
    expect(await handler.get("e0")).not.toBeNull();
    expect(await handler.get("e8")).not.toBeNull();
    await handler.set("huge", page(2 ** 20), {});
    expect(await handler.get("huge")).toBeNull();
  });

  it("empties itself when data changes (revalidatePath reaches it as revalidateTag), and setting null removes an entry", async () => {
    const handler = await freshHandler("1");
    await handler.set("a", page(10), {});
    await handler.set("b", page(10), {});
    await handler.set("a", null, {});
    expect(await handler.get("a")).toBeNull();
    await handler.revalidateTag(["_N_T_/layout"]);
    expect(await handler.get("b")).toBeNull();
  });
});
