// Options for web-ext (lint, build, run): they work on build/, the extension made from
// src/ by scripts/build.js (npm run bundle; content scripts bundled), and the built
// package goes to web-ext-artifacts/kehr-annotator-VERSION.xpi.
export default {
  sourceDir: "build",
  artifactsDir: "web-ext-artifacts",
  build: {
    filename: "kehr-annotator-{version}.xpi",
    overwriteDest: true,
  },
};
