/** Runs once when the server starts: schema migrations, then demo data on an empty database. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  const { seedDemoIfEmpty } = await import("./db/seed-demo");
  seedDemoIfEmpty(getDb());
}
