"""The language switch, on every page: speak this language here, and on every phone the
person signs in on."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

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
