"""Token login for the extension, token revocation, and invitation self-registration."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts.services import RegistrationError, register_with_invitation
from accounts.throttling import LoginThrottle, client_address, throttled_message
from api.serializers import RegistrationSerializer, TokenLoginSerializer, TokenSerializer


def _token_response(user, *, created: bool) -> Response:
    token, _ = Token.objects.get_or_create(user=user)
    body = {"token": token.key, "username": user.get_username(), "is_staff": user.is_staff}
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class TokenView(APIView):
    """POST username + password → token. DELETE (authenticated) → the token is revoked."""

    authentication_classes = APIView.authentication_classes

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(request=TokenLoginSerializer, responses={200: TokenSerializer}, auth=[])
    def post(self, request):
        serializer = TokenLoginSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        username = serializer.validated_data["username"]
        address = client_address(request)
        throttle = LoginThrottle.from_settings()
        wait = throttle.retry_after(username, address)
        if wait is not None:
            return Response(
                {"detail": throttled_message(wait)},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(wait)},
            )
        user = authenticate(
            request, username=username, password=serializer.validated_data["password"]
        )
        if user is None:
            throttle.record_failure(username, address)
            return Response(
                {"detail": "Wrong username or password (or the account is disabled)."},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return _token_response(user, created=False)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


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
            user, _corpus = register_with_invitation(**serializer.validated_data)
        except RegistrationError as error:
            return Response({error.field: [str(error)]}, status=status.HTTP_400_BAD_REQUEST)
        return _token_response(user, created=True)
