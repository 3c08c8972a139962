"""/api/v1/tokens/: your API tokens (make one, list them, revoke one). Anyone else's is a 404.

Making and revoking take the person: a session or the password (HTTP Basic), never a token. A
token that could make tokens would outlive its own revocation through the ones it made.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import permission_classes
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.access import tokens
from scorekeeper.api import paging
from scorekeeper.api.decorators import api_view
from scorekeeper.api.lookups import user_of, valid
from scorekeeper.api.serializers.fields import BodyIn
from scorekeeper.models import ApiToken


class NotByToken(BasePermission):
    """Reads with a token are fine; making or revoking a token is not."""

    code = "token_not_allowed"
    message = (
        "A token cannot make or revoke tokens: do it on /account/tokens/ signed in, or here "
        "with your password (HTTP Basic)."
    )

    def has_permission(self, request: Request, view: object) -> bool:
        return request.method in SAFE_METHODS or not isinstance(request.auth, ApiToken)


class TokenOut(serializers.ModelSerializer[ApiToken]):
    class Meta:
        model = ApiToken
        fields: tuple[str, ...] = ("id", "name", "prefix", "created_at", "last_used_at")


class TokenMadeOut(TokenOut):
    token = serializers.CharField(
        help_text="The token itself: shown this once and never again (only its hash is kept)."
    )

    class Meta(TokenOut.Meta):
        fields: tuple[str, ...] = (*TokenOut.Meta.fields, "token")


class TokenIn(BodyIn):
    name = serializers.CharField(max_length=tokens.MAX_NAME, help_text="What uses it.")


@extend_schema(
    request=TokenIn,
    responses={200: TokenOut(many=True), 201: TokenMadeOut},
    description=(
        "GET: your tokens that still work, newest first (never the tokens themselves). POST: "
        "make one; the answer holds the token, shown this once. Send it as "
        "`Authorization: Token <token>`. Making one takes a session or your password (HTTP "
        "Basic): a token cannot (403, code `token_not_allowed`)."
    ),
    examples=[OpenApiExample("A script", value={"name": "nightly export"}, request_only=True)],
)
@api_view(["GET", "POST"], idempotent=False)  # a new token's secret is shown once
@permission_classes([IsAuthenticated, NotByToken])
def token_list(request: Request) -> Response:
    user = user_of(request)
    if request.method == "GET":
        return paging.page(request, tokens.user_tokens(user), ("-created_at", "-id"), TokenOut)
    data = valid(TokenIn, request)
    token, raw = tokens.token_create(user=user, name=data["name"])
    body = dict(TokenOut(token).data) | {"token": raw}
    return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(
    responses={204: None},
    description=(
        "Revoke one of your tokens: from now on it is refused (401). Takes a session or your "
        "password (HTTP Basic): a token cannot (403, code `token_not_allowed`)."
    ),
)
@api_view(["DELETE"])
@permission_classes([IsAuthenticated, NotByToken])
def token_detail(request: Request, pk: int) -> Response:
    user = user_of(request)
    token = tokens.user_token(user, pk)
    if token is None:
        raise Http404("You have no token with this id.")
    tokens.token_revoke(token=token, by=user)
    return Response(status=status.HTTP_204_NO_CONTENT)
