"""Token login (one token per client), the user's own tokens, and invitation self-registration."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts.login_limits import lockout_response
from accounts.models import ClientToken, issue_token
from accounts.services import RegistrationError, register_with_invitation
from api.serializers import (
    ClientTokenSerializer,
    RegistrationSerializer,
    TokenLoginSerializer,
    TokenSerializer,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _token_response(user, client_name: str, *, created: bool) -> Response:
    token = issue_token(user, client_name)
    body = {
        "token": token.key,
        "id": token.pk,
        "client_name": token.client_name,
        "username": user.get_username(),
        "is_staff": user.is_staff,
    }
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class TokenView(APIView):
    """POST username + password → a new token for this client. DELETE → this token is revoked.

    Every login issues a token of its own, so logging out (revoking the token the request
    carries) leaves the user's other browsers and scripts logged in.
    """

    authentication_classes = APIView.authentication_classes

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(request=TokenLoginSerializer, responses={200: TokenSerializer}, auth=[])
    def post(self, request):
        serializer = TokenLoginSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # Django's own request: django-axes (the first authentication backend) counts the
        # failures and marks it locked out, exactly as for the admin login form.
        http_request = request._request
        user = authenticate(
            http_request,
            username=serializer.validated_data["username"],
            password=serializer.validated_data["password"],
        )
        if getattr(http_request, "axes_locked_out", False):
            return lockout_response(http_request)
        if user is None:
            return Response(
                {"detail": "Wrong username or password (or the account is disabled)."},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return _token_response(user, serializer.validated_data["client_name"], created=False)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        if not isinstance(request.auth, ClientToken):
            return Response(
                {
                    "detail": "This request was not made with a token, so there is none to "
                    "revoke. To revoke one of your tokens, DELETE /api/auth/tokens/{id}/."
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClientTokenViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """Your own tokens, one per client that logged in; DELETE revokes one (staff: admin)."""

    serializer_class = ClientTokenSerializer
    pagination_class = None  # a handful per user

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no user
            return ClientToken.objects.none()
        # request.user's declared type includes AnonymousUser; IsAuthenticated rules it out here.
        return ClientToken.objects.filter(user=cast("User", self.request.user))


class RegisterView(APIView):
    """Self-registration with a corpus' invitation code; answers with a token."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    @extend_schema(request=RegistrationSerializer, responses={201: TokenSerializer}, auth=[])
    def post(self, request):
        serializer = RegistrationSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            fields = dict(serializer.validated_data)
            client_name = fields.pop("client_name")
            user, _corpus = register_with_invitation(**fields)
        except RegistrationError as error:
            return Response({error.field: [str(error)]}, status=status.HTTP_400_BAD_REQUEST)
        return _token_response(user, client_name, created=True)
