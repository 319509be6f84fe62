// Renders docs/guidelines.md (the one source of the annotation guidelines) into the
// extension page src/pages/guidelines.html, which is committed: the extension and
// the server's /annotator/guidelines/ page show it without a build step.
//
//   node scripts/guidelines.js          write the page
//   node scripts/guidelines.js --check  fail if the page is not up to date

import { readFileSync, writeFileSync } from "node:fs";
import { marked } from "marked";

const SOURCE = new URL("../../docs/guidelines.md", import.meta.url);
const TARGET = new URL("../src/pages/guidelines.html", import.meta.url);

// Self-contained (no stylesheet link): the server serves the same file.
const STYLE = `
:root { color-scheme: light dark; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 2rem auto; max-width: 50rem; padding: 0 1rem; }
h1 { font-size: 1.7rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid color-mix(in srgb, currentColor 22%, transparent); vertical-align: top; }
blockquote { margin: 1rem 0; padding: 0.4rem 1rem; border-left: 4px solid #a0209f; }
code { font-size: 0.95em; }
`;

/** @returns {string} */
export function render() {
  const markdown = readFileSync(SOURCE, "utf8");
  const body = marked.parse(markdown, { async: false, gfm: true });
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? "Annotation guidelines";
  return `<!DOCTYPE html>
<!-- Generated from docs/guidelines.md by extension/scripts/guidelines.js: edit that file, then run npm run guidelines. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kehr: ${title}</title>
<style>${STYLE}</style>
</head>
<body>
${body}</body>
</html>
`;
}

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(TARGET, "utf8");
  } catch {
    // missing counts as stale
  }
  if (current !== render()) {
    console.error("src/pages/guidelines.html is not up to date with docs/guidelines.md: run `npm run guidelines`.");
    process.exit(1);
  }
} else {
  writeFileSync(TARGET, render());
}
