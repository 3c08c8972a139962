"""The account's API tokens page: make one (shown once), see them, revoke one.

Tokens are the signed-in account's own: anyone else's id answers 404.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scorekeeper.access import tokens
from scorekeeper.exceptions import ServiceError
from scorekeeper.web.http import AuthedRequest


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=tokens.MAX_NAME,
        label=gettext_lazy("What will use it"),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "placeholder": gettext_lazy("e.g. nightly export")}
        ),
    )


@login_required
def token_page(request: AuthedRequest) -> HttpResponse:
    form = TokenForm(request.POST or None)
    made = None
    if request.method == "POST" and form.is_valid():
        try:
            made = tokens.token_create(user=request.user, name=form.cleaned_data["name"])
        except ServiceError as err:
            form.add_error("name", err.message)
        else:
            form = TokenForm()
    context = {
        "form": form,
        "tokens": tokens.user_tokens(request.user),
        "made": made[0] if made else None,
        "raw": made[1] if made else None,
    }
    response = render(request, "scorekeeper/auth/tokens.html", context)
    # The raw token is on this page once: no cache may keep it.
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request: AuthedRequest, pk: int) -> HttpResponse:
    token = tokens.user_token(request.user, pk)
    if token is None:
        raise Http404("You have no token with this id.")
    tokens.token_revoke(token=token, by=request.user)
    return redirect("tokens")
