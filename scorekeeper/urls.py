from django.contrib import admin
from django.urls import include, path

from scorekeeper.pages.views import (
    accounts,
    club_move,
    club_people,
    club_transfer,
    clubs,
    desk,
    games,
    health,
    history,
    house_rules,
    language,
    nights,
    pwa,
    result_cards,
    seasons,
    share,
)
from scorekeeper.pages.views import live as live_views
from scorekeeper.pages.views import tokens as token_views
from scorekeeper.web import converters  # noqa: F401  (registers <id:...>)

# Errors: JSON under /api/, Django's own pages elsewhere.
handler400 = "scorekeeper.api.errors.bad_request"
handler403 = "scorekeeper.api.errors.permission_denied"
handler404 = "scorekeeper.api.errors.page_not_found"
handler500 = "scorekeeper.api.errors.server_error"

urlpatterns = [
    path("", nights.home, name="home"),
    path("language/", language.language_choose, name="language_choose"),
    path("jsi18n/<str:language>/", language.javascript_catalog, name="javascript_catalog"),
    # accounts
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    # nights
    path("nights/new/", nights.night_create, name="night_create"),
    path("nights/<id:pk>/", nights.night_detail, name="night_detail"),
    path("nights/<id:pk>/players/", nights.night_add_player, name="night_add_player"),
    path("nights/<id:pk>/confirmations/", nights.night_confirmations, name="night_confirmations"),
    path("nights/<id:pk>/language/", nights.night_language, name="night_language"),
    path("nights/<id:pk>/table/", nights.night_table_player, name="night_table_player"),
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
    path("games/<id:pk>/hands/", games.game_hands, name="game_hands"),
    path("games/<id:pk>/remove/", games.game_remove, name="game_remove"),
    path("games/<id:pk>/deals/", games.deal_record, name="deal_record"),
    path("games/<id:pk>/grid-score/", games.grid_score, name="grid_score"),
    path("games/<id:pk>/best-grid/", games.best_grid, name="best_grid"),
    path("games/<id:pk>/tricks/", games.trick_verdicts, name="trick_verdicts"),
    path("games/<id:pk>/deals/<id:deal>/amend/", games.deal_amend, name="deal_amend"),
    path("games/<id:pk>/deals/<id:deal>/void/", games.deal_void, name="deal_void"),
    path("games/<id:pk>/deals/<id:deal>/confirm/", games.deal_confirm, name="deal_confirm"),
    path("games/<id:pk>/end/", games.game_end, name="game_end"),
    path("games/<id:pk>/end/undo/", games.game_end_undo, name="game_end_undo"),
    # the dispute desk (issue 10)
    path("desk/", desk.desk_page, name="desk"),
    path("nights/<id:pk>/rulings/", desk.ruling_save, name="ruling_save"),
    path("games/<id:pk>/deals/<id:deal>/dispute/", desk.hand_dispute, name="hand_dispute"),
    path("rulings/<id:pk>/", desk.ruling_detail, name="ruling_detail"),
    # api and admin
    path("api/v1/", include("scorekeeper.api.urls")),
    path("admin/", admin.site.urls),
    # history: looking back (past nights, recap, players, export and import)
    path("history/", history.history_list, name="history"),
    path("nights/<id:pk>/recap/", history.night_recap, name="night_recap"),
    path("nights/<id:pk>/export/", history.night_export, name="night_export"),
    path("players/", history.player_list, name="player_list"),
    path("players/<id:pk>/", history.player_detail, name="player_detail"),
    path("ratings/", history.leaderboard, name="ratings"),
    # result cards to send to the group
    path("games/<id:pk>/result-card.svg", result_cards.game_result_card, name="game_result_card"),
    path(
        "nights/<id:pk>/result-card.svg", result_cards.night_result_card, name="night_result_card"
    ),
    path("export/", history.export_page, name="export"),
    path("export/download/", history.export_all, name="export_all"),
    path("import/", history.import_upload, name="import"),
    # a club carried out and back in (issue 29)
    path("clubs/<id:pk>/export/", club_transfer.club_export, name="club_export"),
    path("clubs/import/", club_transfer.club_import, name="club_import"),
    # house-rule profiles (issue 10)
    path("profiles/", house_rules.profile_list, name="profiles"),
    path("profiles/new/", house_rules.profile_create, name="profile_create"),
    path("profiles/<id:pk>/", house_rules.profile_edit, name="profile_edit"),
    path("profiles/<id:pk>/delete/", house_rules.profile_delete, name="profile_delete"),
    # live at the table: the join link and who records or watches
    path("join/<str:token>/", share.join, name="share_join"),
    path("nights/<id:pk>/share/", share.link_make, name="night_share"),
    path("nights/<id:pk>/share/stop/", share.link_stop, name="night_share_stop"),
    path("nights/<id:pk>/people/role/", share.person_role, name="night_person_role"),
    path("nights/<id:pk>/people/remove/", share.person_remove, name="night_person_remove"),
    # live at the table: the big-screen view of a game (polled like the phones' boards)
    path("games/<id:pk>/screen/", live_views.game_screen, name="game_screen"),
    # the phone's app (pwa): served from the root so the worker may control every page
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    # API tokens for scripts (issue 11, auth)
    path("account/tokens/", token_views.token_page, name="tokens"),
    path("account/tokens/<id:pk>/revoke/", token_views.token_revoke, name="token_revoke"),
    # clubs (issue 29): a club, its people and roster, its seasons, nights moved in; one's own page
    path("clubs/", clubs.club_list, name="club_list"),
    path("clubs/new/", clubs.club_create, name="club_create"),
    path("clubs/join/<str:token>/", clubs.club_join, name="club_join"),
    path("clubs/<id:pk>/", clubs.club_detail, name="club_detail"),
    path("clubs/<id:pk>/nights/", clubs.club_night_create, name="club_night_create"),
    path("clubs/<id:pk>/members/", club_people.club_members, name="club_members"),
    path("clubs/<id:pk>/members/role/", club_people.club_member_role, name="club_member_role"),
    path(
        "clubs/<id:pk>/members/remove/", club_people.club_member_remove, name="club_member_remove"
    ),
    path("clubs/<id:pk>/leave/", club_people.club_leave, name="club_leave"),
    path("clubs/<id:pk>/invites/", club_people.club_invite_make, name="club_invite_make"),
    path("clubs/<id:pk>/invites/stop/", club_people.club_invite_stop, name="club_invite_stop"),
    path("clubs/<id:pk>/roster/", club_people.club_roster, name="club_roster"),
    path("clubs/<id:pk>/roster/add/", club_people.club_player_add, name="club_player_add"),
    path("clubs/<id:pk>/roster/claim/", club_people.club_claim, name="club_claim"),
    path("clubs/<id:pk>/roster/answer/", club_people.club_claim_answer, name="club_claim_answer"),
    path("clubs/<id:pk>/roster/unlink/", club_people.club_unlink, name="club_unlink"),
    path("clubs/<id:pk>/merge/", club_people.club_merge, name="club_merge"),
    path("clubs/<id:pk>/merge/undo/", club_people.club_unmerge, name="club_unmerge"),
    path("clubs/<id:pk>/players/<id:player>/", seasons.club_player, name="club_player"),
    path("clubs/<id:pk>/seasons/", seasons.club_seasons, name="club_seasons"),
    path("clubs/<id:pk>/seasons/new/", seasons.club_season_create, name="club_season_create"),
    path("clubs/<id:pk>/seasons/end/", seasons.club_season_end, name="club_season_end"),
    path("clubs/<id:pk>/seasons/<id:season>/", seasons.club_season, name="club_season"),
    path(
        "clubs/<id:pk>/seasons/<id:season>/card.svg",
        seasons.club_season_card,
        name="club_season_card",
    ),
    path("clubs/<id:pk>/move-in/", club_move.club_move_in, name="club_move_in"),
    path("me/", seasons.my_page, name="my_page"),
    # is this app server up? (load balancers, and the load test's yardstick)
    path("ping/", health.ping, name="ping"),
]
