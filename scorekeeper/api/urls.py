from django.conf import settings
from django.urls import path, re_path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularSwaggerSplitView

from scorekeeper.api import (
    club_history,
    club_people,
    club_transfer,
    clubs,
    docs,
    errors,
    games,
    history,
    nights,
    profiles,
    questions,
    ratings,
    seasons,
    share,
)
from scorekeeper.api import tokens as api_tokens
from scorekeeper.web import converters  # noqa: F401  (registers <id:...>)

# The site's policy, but for Swagger UI's own inline styles (a style cannot run script).
DOCS_CSP: dict[str, list[str]] = {
    **settings.SECURE_CSP,
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
}

urlpatterns = [
    # players and nights
    path("players/", nights.players, name="api_players"),
    path("ratings/", ratings.leaderboard, name="api_ratings"),
    path("nights/", nights.nights, name="api_nights"),
    path("nights/<id:pk>/", nights.night_detail, name="api_night"),
    path("nights/<id:pk>/recorders/", nights.night_recorders, name="api_night_recorders"),
    path(
        "nights/<id:pk>/recorders/<str:username>/",
        nights.night_recorder,
        name="api_night_recorder",
    ),
    path("nights/<id:pk>/games/", nights.night_games, name="api_night_games"),
    # games and their ledger
    path("games/<id:pk>/", games.game_detail, name="api_game"),
    path("games/<id:pk>/deals/", games.game_deals, name="api_game_deals"),
    path("games/<id:pk>/deals/<id:deal>/amend/", games.deal_amend, name="api_deal_amend"),
    path("games/<id:pk>/deals/<id:deal>/void/", games.deal_void, name="api_deal_void"),
    path("games/<id:pk>/deals/<id:deal>/confirm/", games.deal_confirm, name="api_deal_confirm"),
    path("games/<id:pk>/deals/<id:deal>/dispute/", games.hand_dispute, name="api_hand_dispute"),
    path("games/<id:pk>/standings/", games.game_standings, name="api_game_standings"),
    path("games/<id:pk>/end/", games.game_end, name="api_game_end"),
    # rules
    path("game-types/", questions.game_types, name="api_game_types"),
    path("adjudicate/<slug:game>/<slug:question>/", questions.adjudicate, name="api_adjudicate"),
    # the dispute desk's rulings (issue 10)
    path("nights/<id:pk>/rulings/", questions.night_rulings, name="api_night_rulings"),
    # schema and docs (served from the sidecar's static files: no internet needed)
    path("schema/", docs.SchemaView.as_view(), name="api_schema"),
    # the split view serves its start-up script from a URL: no inline <script> (CSP); Swagger UI
    # itself applies inline styles, so this one page keeps 'unsafe-inline' in style-src
    path(
        "docs/",
        csp_override(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api_schema")),
        name="api_docs",
    ),
    # history: export and import
    path("nights/<id:pk>/export/", history.night_export, name="api_night_export"),
    path("nights/<id:pk>/export/csv/", history.night_export_csv, name="api_night_export_csv"),
    path("export/", history.export_all, name="api_export"),
    path("export/csv/", history.export_all_csv, name="api_export_csv"),
    path("import/", history.import_export, name="api_import"),
    path("export-schema.json", history.export_schema, name="api_export_schema"),
    # a club carried out and back in (issue 29)
    path("clubs/<id:pk>/export/", club_transfer.club_export, name="api_club_export"),
    path("clubs/import/", club_transfer.club_import, name="api_club_import"),
    path(
        "club-export-schema.json",
        club_transfer.club_export_schema,
        name="api_club_export_schema",
    ),
    # house-rule profiles (issue 10)
    path("profiles/", profiles.profile_list, name="api_profiles"),
    path("profiles/<id:pk>/", profiles.profile_detail, name="api_profile"),
    # live at the table: the join link, joining by it, and who records or watches
    path("nights/<id:pk>/link/", share.night_link, name="api_night_link"),
    path("nights/<id:pk>/people/", share.night_people, name="api_night_people"),
    path("nights/<id:pk>/people/<str:username>/", share.night_person, name="api_night_person"),
    path("join/", share.join, name="api_join"),
    # API tokens for scripts (issue 11, auth)
    path("tokens/", api_tokens.token_list, name="api_tokens"),
    path("tokens/<id:pk>/", api_tokens.token_detail, name="api_token"),
    # clubs (issue 29): a club, its members and invitations, its roster and who is who on it,
    # merges, seasons, and nights moved in
    path("clubs/", clubs.clubs, name="api_clubs"),
    path("clubs/join/", clubs.club_join, name="api_club_join"),
    path("clubs/<id:pk>/", clubs.club_detail, name="api_club"),
    path("clubs/<id:pk>/members/", clubs.club_members, name="api_club_members"),
    path("clubs/<id:pk>/members/<id:user>/", clubs.club_member, name="api_club_member"),
    path("clubs/<id:pk>/membership/", clubs.club_membership, name="api_club_membership"),
    path("clubs/<id:pk>/invites/", clubs.club_invites, name="api_club_invites"),
    path("clubs/<id:pk>/invites/<id:invite>/", clubs.club_invite, name="api_club_invite"),
    path("clubs/<id:pk>/players/", club_people.club_players, name="api_club_players"),
    path(
        "clubs/<id:pk>/players/<id:player>/claim/",
        club_people.club_player_claim,
        name="api_club_player_claim",
    ),
    path(
        "clubs/<id:pk>/players/<id:player>/person/",
        club_people.club_player_person,
        name="api_club_player_person",
    ),
    path("clubs/<id:pk>/claims/", club_people.club_claims, name="api_club_claims"),
    path("clubs/<id:pk>/claims/<id:claim>/", club_people.club_claim, name="api_club_claim"),
    path("clubs/<id:pk>/merges/", club_people.club_merges, name="api_club_merges"),
    path(
        "clubs/<id:pk>/merges/<id:merge>/undo/",
        club_people.club_merge_undo,
        name="api_club_merge_undo",
    ),
    path(
        "clubs/<id:pk>/move-in/review/",
        club_people.club_move_in_review,
        name="api_club_move_in_review",
    ),
    path("clubs/<id:pk>/move-in/", club_people.club_move_in, name="api_club_move_in"),
    path("clubs/<id:pk>/seasons/", seasons.club_seasons, name="api_club_seasons"),
    path(
        "clubs/<id:pk>/seasons/<id:season>/end/",
        seasons.club_season_end,
        name="api_club_season_end",
    ),
    # looking back within a club (all time, or ?season=), and at one's own games
    path("clubs/<id:pk>/ratings/", club_history.club_ratings, name="api_club_ratings"),
    path(
        "clubs/<id:pk>/seasons/<id:season>/table/",
        club_history.club_season_table,
        name="api_club_season_table",
    ),
    path(
        "clubs/<id:pk>/players/<id:player>/ratings/",
        club_history.club_player_ratings,
        name="api_club_player_ratings",
    ),
    path(
        "clubs/<id:pk>/players/<id:player>/record/",
        club_history.club_player_record,
        name="api_club_player_record",
    ),
    path(
        "clubs/<id:pk>/players/<id:player>/rivals/",
        club_history.club_player_rivals,
        name="api_club_player_rivals",
    ),
    path("me/", club_history.me, name="api_me"),
    # Last: any other address is the API's JSON 404, whatever DEBUG says.
    re_path(r"^", errors.no_such_address, name="api_not_found"),
]
