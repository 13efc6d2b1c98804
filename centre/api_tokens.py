"""The API's token endpoints: a program trades a username and password for a token (counted
by the login lockout, centre.auth), and revokes the token it uses."""

from django.conf import settings
from django.contrib.auth import authenticate, user_logged_in
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from centre.tokens import NAME_MAX_LENGTH, ApiTokenAuthentication, api_token_create


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="The key, shown this once: keep it safe.")
    name = serializers.CharField()
    expiry = serializers.DateTimeField()


class TokenCreateApi(APIView):
    """Username and password for a new named token. Failed attempts count towards the
    lockout of the account and the address, as on the login page."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def get_authenticate_header(self, request: Request) -> str:
        # A wrong password is 401 (not 403), naming the scheme the token is then used with.
        return "Token"

    class TokenCreateInputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=128, trim_whitespace=False)
        name = serializers.CharField(max_length=NAME_MAX_LENGTH)
        days = serializers.ChoiceField(choices=list(settings.API_TOKEN_DAYS), default=90)

    @extend_schema(
        request=TokenCreateInputSerializer,
        responses={201: TokenSerializer},
        summary="Make an API token",
        description="401 for a wrong username or password; 429 while the account or the "
        "address is locked out after repeated failures.",
        auth=[],
    )
    def post(self, request: Request) -> Response:
        serializer = self.TokenCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = authenticate(
            request=request._request, username=data["username"], password=data["password"]
        )
        if user is None:
            # While locked out, centre.auth.lockout_response answers 429 instead.
            raise AuthenticationFailed("Wrong username or password.")
        # A login as on the page: its last login is kept, and the lockout clears this login's
        # own failures (and only its own, centre.auth.LoginAttemptsHandler).
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        token, key = api_token_create(user=user, name=data["name"], days=data["days"])
        return Response(
            {"token": key, "name": token.name, "expiry": token.expiry},
            status=status.HTTP_201_CREATED,
        )


class TokenRevokeApi(APIView):
    """Revoke the token this request is made with."""

    authentication_classes = [ApiTokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, summary="Revoke this API token")
    def post(self, request: Request) -> Response:
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
