from django.urls import include, path

from awards.as_at import api_urls as as_at
from awards.authorisations.api import numbers as authorisations
from awards.calculator.api import awards as calculator, ranks as rank_calculator
from awards.calculator.sessions import singles
from awards.corrections import api_urls as corrections
from awards.corrections.retired import pointing_api, pointing_lookup_api
from awards.entries.api import entries as entered, uploads as entered_uploads
from awards.grants import api as grants
from awards.intake.api import credit_files, uploads
from awards.ledger import api as credits
from awards.lookup import api as lookup
from awards.published import api_urls as published
from centre.api_routes import api_path

# The public reads first: an address is matched against the patterns in order.
urlpatterns = [
    api_path(
        "masterpoints/lookup",
        pointing_lookup_api(lookup.MasterpointLookupApi.as_view()),
        name="masterpoints-lookup",
    ),
    # Issue 25: a number retired by a merge answers with the kept one.
    api_path(
        "masterpoints/<str:abf_number>",
        pointing_api(lookup.MasterpointPlayerApi.as_view()),
        name="masterpoints-player",
    ),
    path("", include(corrections.retired_numbers)),
    api_path(
        "masterpoints/<str:abf_number>/statement",
        lookup.MasterpointStatementApi.as_view(),
        name="masterpoints-statement",
    ),
    # 1.4.4 "view results": the events processed in a month, each with its public awards.
    path("", include(published.urlpatterns)),
    api_path(
        "calculator/awards", calculator.CalculatorAwardsApi.as_view(), name="calculator-awards"
    ),
    api_path("calculator/singles", singles.SinglesOutrightApi.as_view(), name="calculator-singles"),
    api_path("ranks", rank_calculator.RankCalculatorApi.as_view(), name="rank-calculator"),
    api_path("uploads", uploads.UploadListApi.as_view(), name="uploads"),
    api_path("uploads/check", credit_files.UploadCreateApi.as_view(), name="upload-check"),
    api_path("uploads/results", entered_uploads.UploadResultsApi.as_view(), name="upload-results"),
    api_path("uploads/entries", entered.UploadEntriesApi.as_view(), name="upload-entries"),
    api_path("uploads/<int:pk>", uploads.UploadDetailApi.as_view(), name="upload-detail"),
    api_path("uploads/<int:pk>/confirm", uploads.UploadConfirmApi.as_view(), name="upload-confirm"),
    api_path("uploads/<int:pk>/cancel", uploads.UploadCancelApi.as_view(), name="upload-cancel"),
    path("", include("awards.entries.api.results")),  # results/check
    api_path(
        "uploads/<int:pk>/credit-file",
        credit_files.UploadCreditFileApi.as_view(),
        name="upload-credit-file",
    ),
    api_path("credits/<int:pk>/adjust", credits.CreditAdjustApi.as_view(), name="credit-adjust"),
    api_path("grants", grants.GrantListApi.as_view(), name="grants"),
    api_path("grants/preview", grants.GrantPreviewApi.as_view(), name="grant-preview"),
    api_path(
        "authorisations", authorisations.AuthorisationListApi.as_view(), name="authorisations"
    ),
    api_path(
        "authorisations/issue",
        authorisations.AuthorisationIssueApi.as_view(),
        name="authorisation-issue",
    ),
    path("", include("awards.authorisations.api.requests")),
    path("", include(corrections.urlpatterns)),
    path("", include(as_at.urlpatterns)),
]
