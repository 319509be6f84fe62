"""The installation CA: made once, even when the recorder and the replay proxy start
together on a fresh var/ (both call ensure_ca on the same directory)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from mitmproxy import certs

from kehr_proxy import ca

REPO = Path(__file__).resolve().parents[1]
# Waits for the go file, so that the processes reach ensure_ca together, then prints
# the fingerprint of the CA it loaded.
STARTER = """
import sys, time
from pathlib import Path
from kehr_proxy import ca
from mitmproxy import certs
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.005)
ca.ensure_ca(sys.argv[1])
store = certs.CertStore.from_store(sys.argv[1], ca.BASENAME, ca.KEY_SIZE)
print(store.default_ca.fingerprint().hex())
"""


def test_proxies_starting_together_share_one_ca(tmp_path: Path) -> None:
    for attempt in range(3):
        confdir, go = tmp_path / f"ca-{attempt}", tmp_path / f"go-{attempt}"
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", STARTER, str(confdir), str(go)],
                cwd=REPO,
                env={"PYTHONPATH": str(REPO / "proxy")},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        time.sleep(1.0)  # let every interpreter start and wait at the go file
        go.touch()
        outputs = [proc.communicate(timeout=120) for proc in procs]
        for proc, (_out, err) in zip(procs, outputs, strict=True):
            assert proc.returncode == 0, err
        on_disk = certs.CertStore.from_store(confdir, ca.BASENAME, ca.KEY_SIZE)
        assert {out.strip() for out, _err in outputs} == {on_disk.default_ca.fingerprint().hex()}
        assert (confdir / "mitmproxy-ca.pem").stat().st_mode & 0o777 == 0o600
