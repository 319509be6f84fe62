// Shown in an annotation tab instead of Firefox's error page: what went wrong in
// plain words and what to do, with the replay proxy's setup page one click away.

import { ask, byId, h, onClick } from "../lib/ui.js";

/** @type {Record<string, { headline: string, explanation: string, steps: string[], setup: boolean }>} */
const KINDS = {
  ca: {
    headline: "Firefox does not trust the replay proxy yet",
    explanation:
      "Archived HTTPS pages are served by Kehr's replay proxy with certificates from its own certificate authority (CA). Firefox has to trust that CA once before these pages can load.",
    steps: [
      "Open the replay proxy's setup page (button below) and download the certificate (kehr-ca.pem).",
      "Firefox Settings → Privacy & Security → Certificates → View Certificates → Authorities → Import…, choose the file and tick “Trust this CA to identify websites”.",
      "Come back here and press Try again.",
    ],
    setup: true,
  },
  proxy: {
    headline: "The replay proxy does not answer",
    explanation: "Corpus pages come from Kehr's replay proxy, and the browser could not connect to it (or it refused the proxy password).",
    steps: [
      "Check the connection in the options: they show which proxy is used and whether it answers.",
      "If you run Kehr yourself, start the proxy: manage.py archive_proxy --mode replay.",
      "Then press Try again.",
    ],
    setup: false,
  },
  network: {
    headline: "The page could not be loaded",
    explanation: "Loading the page through the replay proxy failed.",
    steps: ["Check the connection in the options, then press Try again."],
    setup: false,
  },
};

const params = new URLSearchParams(location.search);
const kind = KINDS[params.get("kind") ?? ""] ?? KINDS.network;
const tabId = Number(params.get("tab"));
byId("headline").textContent = kind.headline;
byId("explanation").textContent = kind.explanation;
byId("steps").replaceChildren(...kind.steps.map((step) => h("li", {}, step)));
byId("url").textContent = params.get("url") ?? "";
byId("error").textContent = params.get("error") ?? "";
byId("setup").hidden = !kind.setup;
onClick(byId("setup"), byId("status"), () => ask({ type: "open-setup" }));
onClick(byId("retry"), byId("status"), () => ask({ type: "retry-page", tabId }));
