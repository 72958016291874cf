/** The in-memory page cache handler (cache-handler.mjs): what it keeps, what it drops, and when. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicPageStore } from "@/server/page-cache-store";

const STORE = Symbol.for("seekboard.publicPageCache");

async function freshHandler(megabytes: string) {
  vi.resetModules();
  vi.stubEnv("SEEKBOARD_PAGE_CACHE_MB", megabytes);
  delete (globalThis as Record<symbol, unknown>)[STORE];
  const { default: PageCacheHandler } = await import("../cache-handler.mjs");
  return new PageCacheHandler();
}

const page = (bytes: number) => ({
  kind: "APP_PAGE",
  html: "x".repeat(bytes),
  rscData: Buffer.alloc(0),
  headers: {},
  postponed: undefined,
  status: 200,
  segmentData: undefined,
});

/** As Next does it: look the page up, render it on a miss, store it. */
async function render(
  handler: Awaited<ReturnType<typeof freshHandler>>,
  key: string,
  bytes: number,
  ctx: object = {},
) {
  await handler.get(key);
  await handler.set(key, page(bytes), ctx);
}

afterEach(() => vi.unstubAllEnvs());

describe("PageCacheHandler", () => {
  it("gives back what was rendered, with its cache control, and null for what was not", async () => {
    const handler = await freshHandler("1");
    await render(handler, "/b/mpw", 100, { cacheControl: { revalidate: 60, expire: 3600 } });
    const entry = await handler.get("/b/mpw");
    expect((entry?.value as { html: string }).html).toHaveLength(100);
    expect(entry?.cacheControl).toEqual({ revalidate: 60, expire: 3600 });
    expect(entry?.lastModified).toBeGreaterThan(0);
    expect(await handler.get("/b/qa")).toBeNull();
  });

  it("drops the least recently used entries past its byte budget, and never keeps an entry over an eighth of it", async () => {
    const handler = await freshHandler("1");
    // 120,000 bytes (+1 KiB overhead) each: eight fit in 1 MiB, a ninth pushes out the least recently used.
    for (let i = 0; i < 8; i++) await render(handler, `e${i}`, 120_000);
    await handler.get("e0");
    await render(handler, "e8", 120_000);
    expect(await handler.get("e1")).toBeNull();
    expect(await handler.get("e0")).not.toBeNull();
    expect(await handler.get("e8")).not.toBeNull();
    await render(handler, "huge", 2 ** 20);
    expect(await handler.get("huge")).toBeNull();
  });

  it("empties itself when data changes (revalidatePath reaches it as revalidateTag, a background job through globalThis)", async () => {
    const handler = await freshHandler("1");
    await render(handler, "a", 10);
    await render(handler, "b", 10);
    await handler.set("a", null, {});
    expect(await handler.get("a")).toBeNull();
    await handler.revalidateTag(["_N_T_/layout"]);
    expect(await handler.get("b")).toBeNull();
    await render(handler, "c", 10);
    (globalThis as Record<symbol, { empty(): void }>)[STORE].empty();
    expect(await handler.get("c")).toBeNull();
  });

  it("does not store a page whose render began before a change: it may show what the change replaced", async () => {
    const handler = await freshHandler("1");
    expect(await handler.get("/b/mpw")).toBeNull(); // a render starts, reading the old data
    await handler.revalidateTag(["_N_T_/layout"]); // an approval lands meanwhile
    await handler.set("/b/mpw", page(10), {}); // the render ends
    expect(await handler.get("/b/mpw")).toBeNull();
    await handler.set("/b/mpw", page(10), {}); // rendered afresh after that miss
    expect(await handler.get("/b/mpw")).not.toBeNull();
  });

  describe("freshPage: what the proxy sends without Next", () => {
    const key = (path: string) => `/route-cache/APP_PAGE/0123abcd/$${path}`;
    const store = () => publicPageStore()!;
    const cacheControl = { revalidate: 60, expire: 3600 };

    it("finds a page by its path in Next's key, encoded once, with its cache control", async () => {
      const handler = await freshHandler("1");
      await render(handler, key("/public-cache/b/mpw/-"), 5000, { cacheControl });
      const now = Date.now();
      const found = store().freshPage("/public-cache/b/mpw/-", now);
      expect(found?.body.toString("utf8")).toBe("x".repeat(5000));
      expect(found).toMatchObject({ revalidate: 60, expire: 3600 });
      expect(store().freshPage("/public-cache/b/mpw/-", now)!.body).toBe(found!.body);
      expect(store().freshPage("/public-cache/b/qa/-", now)).toBeNull();
    });

    it("is null once the page is older than its revalidate: Next then serves it stale and renders it again", async () => {
      const handler = await freshHandler("1");
      await render(handler, key("/p"), 10, { cacheControl });
      const stored = (await handler.get(key("/p")))!;
      expect(store().freshPage("/p", stored.lastModified + 59_999)).not.toBeNull();
      expect(store().freshPage("/p", stored.lastModified + 60_000)).toBeNull();
    });

    it("is null for a page without a revalidate, with another status, or under a key of another form", async () => {
      const handler = await freshHandler("1");
      await render(handler, key("/no-revalidate"), 10, {});
      await handler.get(key("/missing"));
      await handler.set(key("/missing"), { ...page(10), status: 404 }, { cacheControl });
      await render(handler, "/public-cache/b/mpw/-", 10, { cacheControl });
      const now = Date.now();
      expect(store().freshPage("/no-revalidate", now)).toBeNull();
      expect(store().freshPage("/missing", now)).toBeNull();
      expect(store().freshPage("/public-cache/b/mpw/-", now)).toBeNull();
    });

    it("forgets a page when its entry goes: emptied, replaced by nothing, or pushed out", async () => {
      const handler = await freshHandler("1");
      await render(handler, key("/a"), 10, { cacheControl });
      await render(handler, key("/b"), 10, { cacheControl });
      await handler.set(key("/a"), null, {});
      expect(store().freshPage("/a", Date.now())).toBeNull();
      expect(store().freshPage("/b", Date.now())).not.toBeNull();
      store().empty();
      expect(store().freshPage("/b", Date.now())).toBeNull();
      for (let i = 0; i < 9; i++) await render(handler, key(`/e${i}`), 120_000, { cacheControl });
      expect(store().freshPage("/e0", Date.now())).toBeNull();
      expect(store().freshPage("/e8", Date.now())).not.toBeNull();
    });
  });
});
