"""The built add-on injects only scripts that stand alone (issue 26, item 1).

Scripts the add-on injects into pages run as classic scripts inside the annotation
document, which the replay proxy serves with ``Content-Security-Policy: sandbox
allow-same-origin``. There Firefox ESR 140 never settled a dynamic ``import()`` of the
add-on's own module: no outline, no tagging, "Receiving end does not exist". The build
(extension/scripts/build.js) bundles them; this checks the very ``.xpi`` the download
page serves and the end-to-end tests install, so a loader that imports cannot come back.
"""

from __future__ import annotations

import json
import re
import zipfile

import pytest

from tests.e2e.support import built_xpi

# What the background passes to scripting.executeScript({files: [...]}).
EXECUTE_SCRIPT_FILES = re.compile(r"executeScript\(\s*\{[^}]*?\bfiles:\s*\[([^\]]*)\]", re.S)
STRING = re.compile(r"""["']([^"']+)["']""")

# A script that would load code: import(), a static import or an export (modules only).
MODULE_LOADS = [
    re.compile(r"\bimport\s*\("),
    re.compile(r"^\s*import\s*[\w{*\"'$]", re.M),
    re.compile(r"^\s*export\s+[\w{*]", re.M),
]


def injected_scripts(xpi: zipfile.ZipFile) -> set[str]:
    """Every script the add-on puts into pages: the manifest's content scripts and the
    files its background scripts inject."""
    manifest = json.loads(xpi.read("manifest.json"))
    found = {js for entry in manifest.get("content_scripts", []) for js in entry.get("js", [])}
    for name in xpi.namelist():
        if name.endswith(".js") and not name.startswith("content/"):
            code = xpi.read(name).decode("utf-8")
            for files in EXECUTE_SCRIPT_FILES.findall(code):
                found.update(STRING.findall(files))
    return found


def module_loads(code: str) -> list[str]:
    return [m.group(0).strip() for pattern in MODULE_LOADS for m in pattern.finditer(code)]


@pytest.fixture(scope="module")
def xpi():
    with zipfile.ZipFile(built_xpi()) as package:
        yield package


def test_injected_scripts_load_no_modules(xpi):
    scripts = injected_scripts(xpi)
    assert scripts, "found no script the add-on injects: has the background changed?"
    names = set(xpi.namelist())
    for script in sorted(scripts):
        assert script in names, f"the add-on injects {script}, which the .xpi does not hold"
        loads = module_loads(xpi.read(script).decode("utf-8"))
        assert not loads, (
            f"{script} is injected into pages but loads code ({loads}): Firefox ESR 140 never "
            "settles such an import in the sandboxed annotation document. Bundle it "
            "(extension/scripts/build.js)."
        )


def test_nothing_is_web_accessible(xpi):
    # Only the old loader's import() needed the add-on's modules reachable from pages;
    # a page could otherwise probe for them (and learn the add-on is there).
    manifest = json.loads(xpi.read("manifest.json"))
    assert "web_accessible_resources" not in manifest


def test_the_check_finds_what_it_looks_for():
    # The patterns themselves, on the shapes the old loader and a module had.
    assert module_loads('import(browser.runtime.getURL("content/main.js")).then(m => m.start());')
    assert module_loads('import { start } from "./main.js";\nstart();')
    assert module_loads('import "./side-effect.js";')
    assert module_loads("export function start() {}")
    assert not module_loads('(() => {\n  const important = 1;\n  el.dataset.exported = "x";\n})();')
