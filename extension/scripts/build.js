// Makes build/, the extension as Firefox loads it (web-ext lint, build and run use it):
// src/ copied as it is, except the content scripts, which are bundled into one classic
// script, content/annotator.js.
//
// Why: content scripts cannot be ES modules, and the annotation document is served with
// "Content-Security-Policy: sandbox allow-same-origin". In it, Firefox ESR 140 never
// settles a dynamic import() of the add-on's own module (issue 26: no outline, no
// tagging, "Receiving end does not exist"), while 153 does. A bundle has nothing to
// import, so it runs the same on every version. The sources stay ES modules (unit tests,
// type check); extension pages and the background load modules as extension pages may.
//
//   node scripts/build.js   # build/ from src/ (npm run bundle); fails if the injected
//                           # script would load a module

import { build } from "esbuild";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SOURCE = path.join(ROOT, "src");
export const OUTPUT = path.join(ROOT, "build");

/** The bundle the background injects into annotation tabs (background/inject.js). */
export const CONTENT_BUNDLE = "content/annotator.js";

// The oldest Firefox the manifest admits: esbuild keeps to its syntax.
const manifest = JSON.parse(readFileSync(path.join(SOURCE, "manifest.json"), "utf8"));
const TARGET = `firefox${String(manifest.browser_specific_settings.gecko.strict_min_version).split(".")[0]}`;

/**
 * Where a script would load other code: a dynamic import() or a static import/export
 * from. Comments are not parsed out, so a comment saying "import(" also counts: the
 * bundle keeps none of the sources' comments, and a false alarm is cheap.
 * @param {string} code
 * @returns {string[]} the offending snippets (none: the script stands alone)
 */
export function moduleLoads(code) {
  const patterns = [
    /\bimport\s*\(/g, // import("x")
    /^\s*import\s*[\w{*"'$]/gm, // import x from "y"; import "y"
    /^\s*export\s+[\w{*]/gm, // export ... (only a module may)
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[0].trim()));
}

/** Copy src/ to build/, leaving out the content scripts' modules (bundled instead). */
function copySources() {
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  cpSync(SOURCE, OUTPUT, {
    recursive: true,
    filter: (from) => !(path.dirname(from) === path.join(SOURCE, "content") && from.endsWith(".js")),
  });
}

/** content/main.js and what it imports, as one classic script that calls start(). */
async function bundleContent() {
  await build({
    stdin: {
      contents: 'import { start } from "./main.js";\nstart();\n',
      resolveDir: path.join(SOURCE, "content"),
      sourcefile: "content-entry.js",
    },
    bundle: true,
    format: "iife",
    target: TARGET,
    outfile: path.join(OUTPUT, CONTENT_BUNDLE),
    legalComments: "none",
    logLevel: "warning",
    banner: { js: "// Built by scripts/build.js from src/content/main.js and its imports: do not edit." },
  });
}

/** Fail if an injected script would load a module (see moduleLoads). */
function checkInjected() {
  const injected = readFileSync(path.join(OUTPUT, CONTENT_BUNDLE), "utf8");
  const found = moduleLoads(injected);
  if (found.length) {
    throw new Error(`${CONTENT_BUNDLE} must stand alone (it is injected into pages) but has: ${found.join(", ")}`);
  }
  const leftovers = readdirSync(path.join(OUTPUT, "content")).filter((name) => name.endsWith(".js"));
  if (leftovers.join() !== path.basename(CONTENT_BUNDLE)) {
    throw new Error(`build/content/ should hold only ${path.basename(CONTENT_BUNDLE)}, has ${leftovers.join(", ")}`);
  }
}

async function main() {
  copySources();
  await bundleContent();
  checkInjected();
  console.log(`build/ made from src/ (${CONTENT_BUNDLE} bundled for ${TARGET})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`Building the add-on failed: ${error.message ?? error}`);
    process.exit(1);
  });
}
