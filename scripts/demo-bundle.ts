/**
 * Writes one synthetic MPW bundle directory, for trying the importer or measuring it:
 *   npx tsx --conditions=react-server scripts/demo-bundle.ts <outDir> [--tasks 1608] [--model "MiniMax-m2.1"] [--setting C]
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { writeDemoBundles } from "../lib/benchmarks/mpw/demo";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    tasks: { type: "string", default: "1608" },
    model: { type: "string", default: "MiniMax-m2.1" },
    setting: { type: "string", default: "C" },
  },
});
if (positionals.length !== 1) {
  process.stderr.write(
    "usage: tsx scripts/demo-bundle.ts <outDir> [--tasks N] [--model NAME] [--setting C]\n",
  );
  process.exit(64);
}
mkdirSync(positionals[0], { recursive: true });
const bundles = writeDemoBundles(
  positionals[0],
  Number(values.tasks),
  (b) => b.model === values.model && b.setting === values.setting,
);
if (bundles.length === 0) {
  process.stderr.write(`no demo model "${values.model}" under setting ${values.setting}\n`);
  process.exit(1);
}
process.stdout.write(`${bundles[0].dir}\n`);
