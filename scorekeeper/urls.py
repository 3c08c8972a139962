from django.contrib import admin
from django.urls import include, path

from scorekeeper import converters  # noqa: F401  (registers <id:...>)
from scorekeeper.views import accounts, games, nights, pwa

# Errors: JSON under /api/, Django's own pages elsewhere.
handler400 = "scorekeeper.api.errors.bad_request"
handler403 = "scorekeeper.api.errors.permission_denied"
handler404 = "scorekeeper.api.errors.page_not_found"
handler500 = "scorekeeper.api.errors.server_error"

urlpatterns = [
    path("", nights.home, name="home"),
    # accounts
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    # nights
    path("nights/new/", nights.night_create, name="night_create"),
    path("nights/<id:pk>/", nights.night_detail, name="night_detail"),
    path("nights/<id:pk>/players/", nights.night_add_player, name="night_add_player"),
    path("nights/<id:pk>/recorders/", nights.night_add_recorder, name="night_add_recorder"),
    path(
        "nights/<id:pk>/recorders/remove/",
        nights.night_remove_recorder,
        name="night_remove_recorder",
    ),
    path("nights/<id:pk>/games/", nights.game_create, name="game_create"),
    # games
    path("games/<id:pk>/", games.game_detail, name="game_detail"),
    path("games/<id:pk>/scoreboard/", games.game_scoreboard, name="game_scoreboard"),
    path("games/<id:pk>/deals/", games.deal_record, name="deal_record"),
    path("games/<id:pk>/grid-score/", games.grid_score, name="grid_score"),
    path("games/<id:pk>/best-grid/", games.best_grid, name="best_grid"),
    path("games/<id:pk>/tricks/", games.trick_verdicts, name="trick_verdicts"),
    path("games/<id:pk>/deals/<id:deal>/amend/", games.deal_amend, name="deal_amend"),
    path("games/<id:pk>/deals/<id:deal>/void/", games.deal_void, name="deal_void"),
    # api and admin
    path("api/v1/", include("scorekeeper.api.urls")),
    path("admin/", admin.site.urls),
    # the phone's app (pwa): served from the root so the worker may control every page
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
]
