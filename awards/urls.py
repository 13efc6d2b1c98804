from django.urls import path

from awards import views

app_name = "awards"

urlpatterns = [
    path("calculator/", views.calculator, name="calculator"),
]
