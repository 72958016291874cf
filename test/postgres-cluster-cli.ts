/**
 * The throwaway PostgreSQL cluster from the shell, for .ci/run: `start` prints
 * "<url> <folder>" and leaves the server running; `stop <folder>` stops and removes it.
 */
import { startCluster, stopCluster } from "./postgres-cluster";

const [command, dir] = process.argv.slice(2);
if (command === "start") {
  startCluster().then(
    (cluster) => console.log(`${cluster.url} ${cluster.dir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else if (command === "stop" && dir) {
  stopCluster(dir);
} else {
  console.error("usage: tsx test/postgres-cluster-cli.ts start | stop <folder>");
  process.exit(2);
}
