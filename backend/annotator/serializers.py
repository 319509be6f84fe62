from __future__ import annotations

from rest_framework import serializers


class ReplayProxySerializer(serializers.Serializer):
    host = serializers.CharField()
    port = serializers.IntegerField(min_value=1, max_value=65535)
    username = serializers.CharField(allow_blank=True, help_text="Proxy login; empty: none.")
    password = serializers.CharField(allow_blank=True)


class AnnotatorConfigSerializer(serializers.Serializer):
    replay_proxy = ReplayProxySerializer(
        help_text="The replay proxy annotation pages load through (routed by the extension "
        "for annotation tabs only)."
    )
    setup_url = serializers.CharField(
        help_text="The proxy's own setup page with its CA certificate (reached through the proxy)."
    )
    guidelines_url = serializers.CharField()
    extension_version = serializers.CharField(
        help_text="Version of the add-on this server offers at /annotator/."
    )
