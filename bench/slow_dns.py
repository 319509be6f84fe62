"""A mitmproxy script for bench/harvest_krdwrd.py: DNS failures that take time.

On this machine a name that does not exist fails in milliseconds; on the open internet
the dead resource hosts of old pages often take a second or more each (no answer from
their name servers, SERVFAIL after retries). This script makes every *failed*
``socket.getaddrinfo`` in the proxy process take ``BENCH_DNS_FAILURE_DELAY`` seconds
(default 1), inside the resolver thread like a real slow lookup, so that the harvest
bench measures the situation that made real harvests slow. Successful lookups are
untouched. Loaded with ``--set scripts=bench/slow_dns.py``; never used outside the bench.
"""

from __future__ import annotations

import os
import socket
import time

DELAY_S = float(os.environ.get("BENCH_DNS_FAILURE_DELAY", "1.0"))
_real_getaddrinfo = socket.getaddrinfo


def _slow_failing_getaddrinfo(*args, **kwargs):
    try:
        return _real_getaddrinfo(*args, **kwargs)
    except socket.gaierror:
        time.sleep(DELAY_S)
        raise


socket.getaddrinfo = _slow_failing_getaddrinfo
