// `npm run setup`: npm ci, with native modules (better-sqlite3) built against the
// running Node's own headers when they are installed beside it and match its version
// (Debian's nodejs: /usr/include/node). No headers download is reachable on our
// machines, and npm 11 warns on every command about a `nodedir` key in .npmrc, so the
// setting travels as node-gyp's own package-config variable, for this install only.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

function localHeadersPrefix() {
  const prefix = path.dirname(path.dirname(process.execPath));
  const versionHeader = path.join(prefix, "include", "node", "node_version.h");
  if (!existsSync(versionHeader)) return null;
  const text = readFileSync(versionHeader, "utf8");
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  return `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}` === process.version ? prefix : null;
}

const prefix = localHeadersPrefix();
const env = { ...process.env };
if (prefix) env.npm_package_config_node_gyp_nodedir = prefix;
console.log(
  prefix
    ? `npm ci (native modules build against Node's headers in ${prefix}/include/node)`
    : "npm ci (no local Node headers match this Node; node-gyp downloads them if it must)",
);
const npm = process.env.npm_execpath
  ? [
      process.execPath,
      [process.env.npm_execpath, "ci", "--no-audit", "--no-fund", ...process.argv.slice(2)],
    ]
  : ["npm", ["ci", "--no-audit", "--no-fund", ...process.argv.slice(2)]];
const result = spawnSync(npm[0], npm[1], { stdio: "inherit", env });
process.exit(result.status ?? 1);
