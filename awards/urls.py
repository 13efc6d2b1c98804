from django.urls import path

from awards import views

app_name = "awards"

urlpatterns = [
    path("calculator/", views.calculator, name="calculator"),
    path("uploads/", views.uploads, name="uploads"),
    path("uploads/new/", views.upload_new, name="upload_new"),
    path("uploads/<int:pk>/", views.upload_detail, name="upload"),
    path("uploads/<int:pk>/confirm/", views.upload_confirm, name="upload_confirm"),
    path("uploads/<int:pk>/cancel/", views.upload_cancel, name="upload_cancel"),
    path("cpar/", views.cpar, name="cpar"),
    path("sundry/", views.sundry, name="sundry"),
    path("authorisations/", views.authorisations, name="authorisations"),
    path("b4c/", views.b4c_points, name="b4c"),
    path("reciprocity/", views.reciprocity, name="reciprocity"),
    path("lookup/", views.lookup, name="lookup"),
    path("players/<str:abf_number>/", views.player_record, name="player"),
    path(
        "players/<str:abf_number>/statement.csv", views.player_statement_csv, name="statement_csv"
    ),
    path(
        "players/<str:abf_number>/statement.pdf", views.player_statement_pdf, name="statement_pdf"
    ),
]
