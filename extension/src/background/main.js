// The background script (an event page in Firefox's Manifest V3): every listener is
// registered here, synchronously at start-up, so that Firefox can wake the page for
// any of them after it unloaded it while idle.

import { ext } from "../lib/ext.js";
import * as documents from "./documents.js";
import * as drafts from "./drafts.js";
import * as inject from "./inject.js";
import * as input from "./input.js";
import * as router from "./router.js";
import * as routing from "./routing.js";
import * as submissions from "./submissions.js";
import * as tracking from "./tracking.js";

routing.install();
documents.install();
drafts.install();
inject.install();
input.install();
router.install();
submissions.install();
tracking.install();

// Submissions left waiting when the browser closed (or the extension was updated).
ext.runtime.onStartup.addListener(() => submissions.retryDue());
ext.runtime.onInstalled.addListener(() => submissions.retryDue());
