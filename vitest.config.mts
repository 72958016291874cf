import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // Query modules guard against client bundles with `server-only`; tests run them in Node.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // lib/ is pure (no database): on PostgreSQL only the suites that reach a database run.
    include: [
      ...(process.env.SEEKBOARD_TEST_ENGINE === "postgres" ? [] : ["lib/**/*.test.ts"]),
      "db/**/*.test.ts",
      "cli/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    // SEEKBOARD_TEST_ENGINE=postgres runs the same suites on a throwaway PostgreSQL server.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    // Seeding the demo data into a PostgreSQL test database takes several seconds on a loaded machine.
    hookTimeout: 60_000,
  },
});
