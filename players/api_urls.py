from centre.api_routes import api_path
from players.api import club_lists, reads, records, status

club = "clubs/<int:number>/"

urlpatterns = [
    api_path("players/search", reads.PlayerSearchApi.as_view(), name="api-player-search"),
    api_path("players/<str:abf_number>", reads.PlayerDetailApi.as_view(), name="api-player"),
    api_path(
        "players/<str:abf_number>/history",
        reads.PlayerHistoryApi.as_view(),
        name="api-player-history",
    ),
    api_path(
        "players/<str:abf_number>/update",
        records.PlayerUpdateApi.as_view(),
        name="api-player-update",
    ),
    api_path(
        "players/<str:abf_number>/deceased",
        records.PlayerDeceasedApi.as_view(),
        name="api-player-deceased",
    ),
    api_path(f"{club}members", reads.ClubMembersApi.as_view(), name="api-club-members"),
    api_path(f"{club}players", records.PlayerRegisterApi.as_view(), name="api-player-register"),
    api_path(f"{club}transfers", records.PlayerTransferApi.as_view(), name="api-player-transfer"),
    api_path(
        f"{club}reactivations",
        records.PlayerReactivateApi.as_view(),
        name="api-player-reactivate",
    ),
    api_path(f"{club}alternates", reads.ClubAlternatesApi.as_view(), name="api-club-alternates"),
    api_path(
        f"{club}alternates/add", club_lists.AlternateAddApi.as_view(), name="api-alternate-add"
    ),
    api_path(
        f"{club}alternates/<str:abf_number>/remove",
        club_lists.AlternateRemoveApi.as_view(),
        name="api-alternate-remove",
    ),
    api_path(
        f"{club}cancellations",
        reads.ClubCancellationsApi.as_view(),
        name="api-club-cancellations",
    ),
    api_path(
        f"{club}cancellations/<str:abf_number>/request",
        club_lists.CancellationRequestApi.as_view(),
        name="api-cancellation-request",
    ),
    api_path(
        f"{club}cancellations/<str:abf_number>/withdraw",
        club_lists.CancellationWithdrawApi.as_view(),
        name="api-cancellation-withdraw",
    ),
    # NZ Issue of Master Points 6 (Scheme.player_grading): none of these under another scheme.
    api_path(f"{club}player-status", status.PlayerStatusApi.as_view(), name="api-player-status"),
    api_path(
        f"{club}player-status/<str:abf_number>/declare",
        status.DeclareIneligibleApi.as_view(),
        name="api-player-status-declare",
    ),
    api_path(
        f"{club}player-status/<str:abf_number>/withdraw",
        status.WithdrawIneligibleApi.as_view(),
        name="api-player-status-withdraw",
    ),
]
