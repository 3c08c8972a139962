from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from scorekeeper.pages.forms import SignupForm


def _next(request: HttpRequest) -> str:
    """Where to go once signed up (``next``, as the sign-in page takes it): a page of this site
    only, else the home page."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    then = _next(request)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # A new account has no password history to throttle: sign it in with the model backend.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(then or "home")
    return render(request, "registration/signup.html", {"form": form, "next": then})
