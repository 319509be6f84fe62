"""The per-installation CA, made with mitmproxy's own certs module.

Files live in a confdir (default ``<archive dir>/../proxy-ca``, i.e. under var/) named
as mitmproxy expects them (``mitmproxy-ca.pem`` holds the key and is 0600, the
directory 0700); ``mitmproxy-ca-cert.pem`` is the public certificate browsers import.
Never commit any of them.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from mitmproxy import certs

BASENAME = "mitmproxy"
KEY_SIZE = 2048
SECRET_FILES = (f"{BASENAME}-ca.pem", f"{BASENAME}-ca.p12")
LOCK_FILE = ".ca.lock"


def cert_path(confdir: str | Path) -> Path:
    return Path(confdir) / f"{BASENAME}-ca-cert.pem"


def ensure_ca(confdir: str | Path) -> Path:
    """Create the CA once; enforce private permissions every time. Returns the cert path."""
    confdir = Path(confdir).expanduser()
    confdir.mkdir(parents=True, exist_ok=True)
    os.chmod(confdir, 0o700)
    # The recorder and the replay proxy start together on a fresh var/: without the
    # lock one read the key file while the other was still writing it ("Could not
    # deserialize key data") and crashed, or both made a CA and the files held only one.
    with open(confdir / LOCK_FILE, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        certs.CertStore.from_store(confdir, BASENAME, KEY_SIZE)
    for name in SECRET_FILES:
        path = confdir / name
        if path.exists():
            os.chmod(path, 0o600)
    return cert_path(confdir)
