"""What the annotators' extension needs from the server, and the add-on's install page."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from annotator import conf
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
    """How to install the add-on, with the built package if this server has one."""
    xpi = conf.xpi_path()
    return render(
        request,
        "annotator/install.html",
        {
            "version": conf.extension_version(),
            "minimum_firefox": conf.minimum_firefox().split(".")[0],
            "has_xpi": xpi.is_file(),
            "server": request.build_absolute_uri("/").rstrip("/"),
        },
    )


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
