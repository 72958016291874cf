/**
 * What reaches a browser bundle. `next build` fails when a client component's imports reach a
 * module marked `import "server-only"`; this walks the same graph (esbuild, from each
 * `"use client"` file, stopping at `"use server"` action files as Next does) so the check runs
 * with the unit tests, and shows it catches a client component importing the server registry.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..");
/** Imports a browser bundle must never reach: the guard itself, Node's modules, native or archive packages. */
const NODE_ONLY = /^(server-only$|node:|better-sqlite3$|pg$|tar$|yauzl$|yazl$)/;

// A server action is a reference in the client bundle, not its code.
const serverActionsAreReferences: Plugin = {
  name: "server-actions-are-references",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) =>
      /^\s*["']use server["']/.test(readFileSync(args.path, "utf8"))
        ? { contents: "", loader: "ts" }
        : undefined,
    );
  },
};

/** Each Node-only import reached from the entry, as "importing file -> import". */
async function nodeOnlyImports(entry: { file: string } | { source: string }): Promise<string[]> {
  const result = await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.source, resolveDir: ROOT, loader: "tsx" as const } }),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: "browser",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    loader: { ".css": "empty" },
    logLevel: "silent",
    plugins: [serverActionsAreReferences],
  });
  return Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports
      .filter((imp) => imp.external && NODE_ONLY.test(imp.path))
      .map((imp) => `${file} -> ${imp.path}`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

const CLIENT_COMPONENTS = [...sourceFiles("app"), ...sourceFiles("components")].filter((file) =>
  /^\s*["']use client["']/.test(readFileSync(join(ROOT, file), "utf8")),
);

describe("client bundles", () => {
  it("finds the client components", () => {
    expect(CLIENT_COMPONENTS.length).toBeGreaterThan(10);
  });

  it.each(CLIENT_COMPONENTS)("%s reaches no server-only or Node-only module", async (file) => {
    expect(await nodeOnlyImports({ file })).toEqual([]);
  });

  it("the client-safe registry and every benchmark's info reach no server-only module", async () => {
    const infos = readdirSync(join(ROOT, "lib/benchmarks"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/benchmarks/${d.name}/info.ts`);
    expect(infos.length).toBeGreaterThanOrEqual(6);
    for (const file of ["lib/benchmarks/info.ts", ...infos])
      expect(await nodeOnlyImports({ file }), file).toEqual([]);
  });

  it("catches a client component that imports the server registry", async () => {
    const reached = await nodeOnlyImports({
      source: `"use client";\nimport { BENCHMARKS } from "@/lib/benchmarks/registry";\nexport const ids = Object.keys(BENCHMARKS);\n`,
    });
    expect(reached).toContain("lib/benchmarks/registry.ts -> server-only");
    expect(reached).toContain("lib/import/bundle.ts -> server-only");
  });
});

describe("the server halves", () => {
  it("mark themselves server-only: each benchmark's index.ts and the registry", () => {
    const servers = readdirSync(join(ROOT, "lib/benchmarks"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/benchmarks/${d.name}/index.ts`);
    for (const file of ["lib/benchmarks/registry.ts", ...servers])
      expect(readFileSync(join(ROOT, file), "utf8"), file).toMatch(/^import "server-only";/);
  });
});
