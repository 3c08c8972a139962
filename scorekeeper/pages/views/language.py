"""The language switch, on every page: speak this language here, and on every phone the
person signs in on."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST
from django.views.i18n import JavaScriptCatalog

from scorekeeper.languages import services
from scorekeeper.languages.choosing import supported


@require_POST
def language_choose(request: HttpRequest) -> HttpResponse:
    back = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    answer = HttpResponseRedirect(back)
    language = supported(request.POST.get("language"))
    if language is None or language not in dict(settings.LANGUAGES):
        # Nothing a person can send from the switch: the page they were on, as it was.
        return answer
    services.choose(request, language)  # kept on the phone by the language middleware
    return answer


@require_GET
@cache_control(max_age=3600)
def javascript_catalog(request: HttpRequest, language: str) -> HttpResponse:
    """/jsi18n/<language>/: the scripts' sentences in one language (Django's JavaScript
    catalog: ``gettext``, ``ngettext``, ``interpolate``), a file of its own per language, so a
    phone's service worker keeps each one for the table when the network is gone."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    with translation.override(language):
        response = JavaScriptCatalog.as_view()(request)
    assert isinstance(response, HttpResponse)  # rendered whole, in the language asked
    return response
