"""What the annotators' extension needs from the server, and the add-on's install page."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from annotator import addon_store, conf
from annotator.serializers import AnnotatorConfigSerializer
from kehr.content_policy import allow_inline_styles


class AnnotatorConfigView(APIView):
    @extend_schema(responses=AnnotatorConfigSerializer)
    def get(self, request):
        """The replay proxy, its setup page and the guidelines, for the extension.

        The proxy login is shared by every annotator (it keeps the proxy from being open
        to the whole internet), so any logged-in user may read it.
        """
        # It is the replay proxy's login only (KEHR_ARCHIVE_REPLAY_AUTH): the recorder has
        # its own (KEHR_ARCHIVE_RECORD_AUTH), which is never handed out.
        proxy = conf.replay_proxy(urlsplit(f"//{request.get_host()}").hostname or "")
        body = {
            "replay_proxy": {
                "host": proxy.host,
                "port": proxy.port,
                "username": proxy.username,
                "password": proxy.password,
            },
            "setup_url": conf.SETUP_URL,
            "guidelines_url": request.build_absolute_uri(reverse("annotator-guidelines")),
            "extension_version": conf.extension_version(),
        }
        return Response(AnnotatorConfigSerializer(body).data)


def install_page(request):
    """How to install the add-on: the newest signed package when this server has one (any
    Firefox installs it), else the unsigned build with the ESR instructions."""
    xpi = conf.xpi_path()
    signed = addon_store.latest()
    return render(
        request,
        "annotator/install.html",
        {
            "version": signed.version if signed else conf.extension_version(),
            "signed": signed,
            "minimum_firefox": conf.minimum_firefox().split(".")[0],
            "has_xpi": xpi.is_file(),
            "server": request.build_absolute_uri("/").rstrip("/"),
        },
    )


def download_signed(request, version: str):
    stored = addon_store.find(version)
    if stored is None:
        raise Http404(f"No signed add-on {version} on this server (see /annotator/).")
    return FileResponse(
        stored.path.open("rb"), content_type="application/x-xpinstall", filename=stored.filename
    )


def download_latest_signed(request):
    stored = addon_store.latest()
    if stored is None:
        raise Http404("No signed add-on on this server yet (manage.py addon sign).")
    return download_signed(request, stored.version)


def updates_manifest(request):
    """Firefox's update manifest for the signed packages (the manifest's update_url).

    Every stored version is listed under its add-on id, oldest first, with its link on
    this server and its sha256 (Firefox checks the download against it before installing).
    """
    minimum = conf.minimum_firefox()
    addons: dict[str, dict[str, list[dict]]] = {}
    for stored in addon_store.stored_addons():
        updates = addons.setdefault(stored.addon_id, {"updates": []})["updates"]
        link = reverse("annotator-signed-xpi", args=[stored.version])
        updates.append(
            {
                "version": stored.version,
                "update_link": request.build_absolute_uri(link),
                "update_hash": f"sha256:{stored.sha256}",
                "applications": {"gecko": {"strict_min_version": minimum}},
            }
        )
    response = JsonResponse({"addons": addons})
    response["Cache-Control"] = "no-cache"  # a new version shows at the next check
    return response


def download_xpi(request):
    xpi = conf.xpi_path()
    if not xpi.is_file():
        raise Http404("The add-on has not been built on this server (see /annotator/).")
    # application/x-xpinstall makes Firefox offer to install it.
    return FileResponse(
        xpi.open("rb"),
        content_type="application/x-xpinstall",
        filename=f"kehr-annotator-{conf.extension_version()}.xpi",
    )


def guidelines(request):
    """The annotation guidelines, the same page the extension shows."""
    try:
        page = conf.GUIDELINES_PAGE.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise Http404("The guidelines page is missing from extension/src/pages/.") from None
    response = HttpResponse(page, content_type="text/html; charset=utf-8")
    return allow_inline_styles(response, page)  # the file's own <style>, by hash
