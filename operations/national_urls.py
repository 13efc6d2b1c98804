from django.urls import path

from operations import views

app_name = "national"

urlpatterns = [
    path("", views.national_files, name="files"),
    path("<slug:slug>.<str:form>", views.national_file_download, name="download"),
]
