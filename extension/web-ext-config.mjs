// Options for web-ext (lint, build, run): the extension's source is src/ and the
// built package goes to web-ext-artifacts/kehr-annotator-VERSION.xpi.
export default {
  sourceDir: "src",
  artifactsDir: "web-ext-artifacts",
  build: {
    filename: "kehr-annotator-{version}.xpi",
    overwriteDest: true,
  },
};
