// Injected by the background into annotation tabs only (scripting.executeScript).
// Content scripts cannot be ES modules in Firefox, so this classic script imports
// the real one; the module (and lib/) are web-accessible for that reason only.
"use strict";
import(browser.runtime.getURL("content/main.js")).then(
  (module) => module.start(),
  (error) => console.error("Kehr annotator could not start on this page:", error),
);
