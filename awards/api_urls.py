from django.urls import path

from awards.api import CalculatorAwardsApi

urlpatterns = [
    path("calculator/awards", CalculatorAwardsApi.as_view(), name="calculator-awards"),
]
