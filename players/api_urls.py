from django.urls import path

from players import api

club = "clubs/<int:number>/"

urlpatterns = [
    path("players/search/", api.PlayerSearchApi.as_view(), name="api-player-search"),
    path("players/<str:abf_number>/", api.PlayerDetailApi.as_view(), name="api-player"),
    path(
        "players/<str:abf_number>/update/",
        api.PlayerUpdateApi.as_view(),
        name="api-player-update",
    ),
    path(
        "players/<str:abf_number>/deceased/",
        api.PlayerDeceasedApi.as_view(),
        name="api-player-deceased",
    ),
    path(f"{club}members/", api.ClubMembersApi.as_view(), name="api-club-members"),
    path(f"{club}players/", api.PlayerRegisterApi.as_view(), name="api-player-register"),
    path(f"{club}transfers/", api.PlayerTransferApi.as_view(), name="api-player-transfer"),
    path(
        f"{club}reactivations/",
        api.PlayerReactivateApi.as_view(),
        name="api-player-reactivate",
    ),
    path(f"{club}alternates/", api.ClubAlternatesApi.as_view(), name="api-club-alternates"),
    path(f"{club}alternates/add/", api.AlternateAddApi.as_view(), name="api-alternate-add"),
    path(
        f"{club}alternates/<str:abf_number>/remove/",
        api.AlternateRemoveApi.as_view(),
        name="api-alternate-remove",
    ),
    path(
        f"{club}cancellations/",
        api.ClubCancellationsApi.as_view(),
        name="api-club-cancellations",
    ),
    path(
        f"{club}cancellations/<str:abf_number>/request/",
        api.CancellationRequestApi.as_view(),
        name="api-cancellation-request",
    ),
    path(
        f"{club}cancellations/<str:abf_number>/withdraw/",
        api.CancellationWithdrawApi.as_view(),
        name="api-cancellation-withdraw",
    ),
]
