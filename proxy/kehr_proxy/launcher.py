"""Run mitmproxy (DumpMaster) with the Kehr addon in one process.

    python -m kehr_proxy --mode replay --archive-dir var/archive [--port 8090]
        [--listen-host 127.0.0.1] [--proxyauth user:pass] [--confdir DIR]
        [--roll-size BYTES] [--fuzzy-rules FILE] [--allow-private false|true|NETWORKS]
        [--visit-port PORT] [--set mitmproxy_option=value ...]

Prints ``KEHR-PROXY-READY mode=… host=… port=…`` once listening (port 0 picks a free
one). SIGTERM or SIGINT stops it cleanly: the current WARC file is closed.

``--visit-port`` (record mode) opens a second listener for repeated *visits* of pages
already recorded (visual stability, docs/methods.md): what arrives there is fetched
live every time and never archived, so replay keeps serving the first capture. It
prints ``KEHR-PROXY-VISITS host=… port=…`` once listening.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import socket
import sys
from pathlib import Path

from kehr_proxy import ca

LOOPBACK = {"127.0.0.1", "::1", "localhost"}


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kehr_proxy", description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=("record", "replay"), required=True)
    parser.add_argument("--archive-dir", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--listen-host", default="127.0.0.1")
    parser.add_argument("--proxyauth", default="", help="user:pass (required off loopback)")
    parser.add_argument("--confdir", default="", help="CA directory (default ARCHIVE/../proxy-ca)")
    parser.add_argument("--roll-size", type=int, default=1_000_000_000)
    parser.add_argument("--fuzzy-rules", default="")
    parser.add_argument("--no-inject", action="store_true")
    parser.add_argument(
        "--allow-private",
        default="false",
        metavar="false|true|NETWORKS",
        help="record mode: fetch from these non-public addresses too (default: none)",
    )
    parser.add_argument(
        "--visit-port",
        type=int,
        default=None,
        help="record mode: also listen here for live, unarchived visits (0 picks a port)",
    )
    parser.add_argument("--quiet", action="store_true", help="do not log each flow")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    return parser.parse_args(argv)


def build_options(args: argparse.Namespace) -> dict:
    archive = Path(args.archive_dir).resolve()
    confdir = Path(args.confdir).resolve() if args.confdir else archive.parent / "proxy-ca"
    if args.listen_host not in LOOPBACK and not args.proxyauth:
        raise SystemExit(
            f"refusing to listen on {args.listen_host} without --proxyauth user:pass "
            "(the proxy would be open to anyone who can reach it)"
        )
    from kehr_proxy.netguard import AddressPolicy

    try:
        AddressPolicy.parse(args.allow_private)
    except ValueError as error:
        raise SystemExit(f"kehr_proxy: {error}") from None
    ca.ensure_ca(confdir)
    options = {
        "listen_host": args.listen_host,
        "listen_port": args.port,
        "confdir": str(confdir),
        "onboarding": False,
        "kehr_mode": args.mode,
        "kehr_archive_dir": str(archive),
        "kehr_roll_size": args.roll_size,
        "kehr_fuzzy_rules": args.fuzzy_rules,
        "kehr_inject": not args.no_inject,
        "kehr_allow_private": args.allow_private,
        # No connection before the request hook: the recorder checks every target
        # address first and can answer a refused one with a readable page; replay
        # never connects at all.
        "connection_strategy": "lazy",
    }
    if args.mode == "replay":
        options.update(upstream_cert=False)
    if args.visit_port is not None:
        if args.mode != "record":
            raise SystemExit("kehr_proxy: --visit-port is for record mode only")
        if not 0 <= args.visit_port <= 65535 or args.visit_port == args.port != 0:
            raise SystemExit(
                f"kehr_proxy: --visit-port {args.visit_port} is not a free TCP port beside "
                f"--port {args.port}"
            )
        # mitmproxy refuses two listeners on one host:0, so 0 is resolved here.
        visit_port = args.visit_port or _free_port(args.listen_host)
        # Two listeners; the addon tells the visits' flows apart by their listener.
        visit_spec = f"regular@{visit_port}"
        options.update(mode=["regular", visit_spec], kehr_visit_spec=visit_spec)
    if args.proxyauth:
        options["proxyauth"] = args.proxyauth
    return options


def _free_port(host: str) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _ignore_cancelled_connections(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """Shutdown cancels the handlers of open client connections (a browser's keep-alive
    ones); asyncio's stream callback then reports each as an error with a traceback,
    which would read like a crash in the logs. Anything else is reported as usual."""
    if isinstance(context.get("exception"), asyncio.CancelledError):
        return
    loop.default_exception_handler(context)


async def serve(options: dict, extra: list[str], quiet: bool) -> None:
    from mitmproxy import options as mitm_options
    from mitmproxy.tools.dump import DumpMaster

    from kehr_proxy.addon import KehrArchive

    opts = mitm_options.Options()
    master = DumpMaster(opts, with_termlog=True, with_dumper=not quiet)
    master.addons.add(KehrArchive())
    opts.update(**options)
    if extra:
        opts.set(*extra)
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_ignore_cancelled_connections)
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, master.shutdown)
    await master.run()


def main(argv=None) -> int:
    args = parse_args(argv)
    options = build_options(args)
    try:
        asyncio.run(serve(options, args.set, args.quiet))
    except Exception as error:  # OptionsError and friends: say why and exit non-zero
        print(f"kehr_proxy: {error}", file=sys.stderr)
        return 2
    return 0
