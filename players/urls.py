from django.urls import path

from players import views

app_name = "players"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("new/", views.new, name="new"),
    path("transfer/", views.transfer, name="transfer"),
    path("reactivate/", views.reactivate, name="reactivate"),
    path("alternates/", views.alternates, name="alternates"),
    path(
        "alternates/<str:abf_number>/remove/",
        views.alternate_remove,
        name="alternate_remove",
    ),
    path("cancellations/", views.cancellations, name="cancellations"),
    path(
        "cancellations/<str:abf_number>/request/",
        views.cancellation_request,
        name="cancellation_request",
    ),
    path(
        "cancellations/<str:abf_number>/withdraw/",
        views.cancellation_withdraw,
        name="cancellation_withdraw",
    ),
    path("<str:abf_number>/", views.detail, name="detail"),
    path("<str:abf_number>/edit/", views.edit, name="edit"),
    path("<str:abf_number>/deceased/", views.deceased, name="deceased"),
]
