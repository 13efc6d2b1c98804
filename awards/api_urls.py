from django.urls import path

from awards.api import (
    AuthorisationIssueApi,
    AuthorisationListApi,
    CalculatorAwardsApi,
    CreditAdjustApi,
    MasterpointLookupApi,
    MasterpointPlayerApi,
    MasterpointStatementApi,
    UploadCancelApi,
    UploadConfirmApi,
    UploadCreateApi,
    UploadDetailApi,
    UploadListApi,
    UploadResultsApi,
)

urlpatterns = [
    path("calculator/awards", CalculatorAwardsApi.as_view(), name="calculator-awards"),
    path("uploads", UploadListApi.as_view(), name="uploads"),
    path("uploads/check", UploadCreateApi.as_view(), name="upload-check"),
    path("uploads/results", UploadResultsApi.as_view(), name="upload-results"),
    path("uploads/<int:pk>", UploadDetailApi.as_view(), name="upload-detail"),
    path("uploads/<int:pk>/confirm", UploadConfirmApi.as_view(), name="upload-confirm"),
    path("uploads/<int:pk>/cancel", UploadCancelApi.as_view(), name="upload-cancel"),
    path("credits/<int:pk>/adjust", CreditAdjustApi.as_view(), name="credit-adjust"),
    path("authorisations", AuthorisationListApi.as_view(), name="authorisations"),
    path("authorisations/issue", AuthorisationIssueApi.as_view(), name="authorisation-issue"),
    path("masterpoints/lookup", MasterpointLookupApi.as_view(), name="masterpoints-lookup"),
    path(
        "masterpoints/<str:abf_number>", MasterpointPlayerApi.as_view(), name="masterpoints-player"
    ),
    path(
        "masterpoints/<str:abf_number>/statement",
        MasterpointStatementApi.as_view(),
        name="masterpoints-statement",
    ),
]
