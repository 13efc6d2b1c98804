from django.urls import path

from players.api import club_lists, reads, records

club = "clubs/<int:number>/"

urlpatterns = [
    path("players/search/", reads.PlayerSearchApi.as_view(), name="api-player-search"),
    path("players/<str:abf_number>/", reads.PlayerDetailApi.as_view(), name="api-player"),
    path(
        "players/<str:abf_number>/history/",
        reads.PlayerHistoryApi.as_view(),
        name="api-player-history",
    ),
    path(
        "players/<str:abf_number>/update/",
        records.PlayerUpdateApi.as_view(),
        name="api-player-update",
    ),
    path(
        "players/<str:abf_number>/deceased/",
        records.PlayerDeceasedApi.as_view(),
        name="api-player-deceased",
    ),
    path(f"{club}members/", reads.ClubMembersApi.as_view(), name="api-club-members"),
    path(f"{club}players/", records.PlayerRegisterApi.as_view(), name="api-player-register"),
    path(f"{club}transfers/", records.PlayerTransferApi.as_view(), name="api-player-transfer"),
    path(
        f"{club}reactivations/",
        records.PlayerReactivateApi.as_view(),
        name="api-player-reactivate",
    ),
    path(f"{club}alternates/", reads.ClubAlternatesApi.as_view(), name="api-club-alternates"),
    path(f"{club}alternates/add/", club_lists.AlternateAddApi.as_view(), name="api-alternate-add"),
    path(
        f"{club}alternates/<str:abf_number>/remove/",
        club_lists.AlternateRemoveApi.as_view(),
        name="api-alternate-remove",
    ),
    path(
        f"{club}cancellations/",
        reads.ClubCancellationsApi.as_view(),
        name="api-club-cancellations",
    ),
    path(
        f"{club}cancellations/<str:abf_number>/request/",
        club_lists.CancellationRequestApi.as_view(),
        name="api-cancellation-request",
    ),
    path(
        f"{club}cancellations/<str:abf_number>/withdraw/",
        club_lists.CancellationWithdrawApi.as_view(),
        name="api-cancellation-withdraw",
    ),
]
