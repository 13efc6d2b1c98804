from django.urls import include, path

from awards.authorisations.api import numbers as authorisations
from awards.calculator.api import awards as calculator
from awards.calculator.api import ranks as rank_calculator
from awards.calculator.api import singles
from awards.grants import api as grants
from awards.intake.api import uploads
from awards.ledger import api as credits
from awards.lookup import api as lookup

# The public reads first: an address is matched against the patterns in order.
urlpatterns = [
    path("masterpoints/lookup", lookup.MasterpointLookupApi.as_view(), name="masterpoints-lookup"),
    path(
        "masterpoints/<str:abf_number>",
        lookup.MasterpointPlayerApi.as_view(),
        name="masterpoints-player",
    ),
    path(
        "masterpoints/<str:abf_number>/statement",
        lookup.MasterpointStatementApi.as_view(),
        name="masterpoints-statement",
    ),
    path("calculator/awards", calculator.CalculatorAwardsApi.as_view(), name="calculator-awards"),
    path("calculator/singles", singles.SinglesOutrightApi.as_view(), name="calculator-singles"),
    path("ranks", rank_calculator.RankCalculatorApi.as_view(), name="rank-calculator"),
    path("uploads", uploads.UploadListApi.as_view(), name="uploads"),
    path("uploads/check", uploads.UploadCreateApi.as_view(), name="upload-check"),
    path("uploads/results", uploads.UploadResultsApi.as_view(), name="upload-results"),
    path("uploads/<int:pk>", uploads.UploadDetailApi.as_view(), name="upload-detail"),
    path("uploads/<int:pk>/confirm", uploads.UploadConfirmApi.as_view(), name="upload-confirm"),
    path("uploads/<int:pk>/cancel", uploads.UploadCancelApi.as_view(), name="upload-cancel"),
    path("", include("awards.intake.api.results")),  # results/check, uploads/<pk>/credit-file
    path("credits/<int:pk>/adjust", credits.CreditAdjustApi.as_view(), name="credit-adjust"),
    path("grants", grants.GrantListApi.as_view(), name="grants"),
    path("grants/preview", grants.GrantPreviewApi.as_view(), name="grant-preview"),
    path("authorisations", authorisations.AuthorisationListApi.as_view(), name="authorisations"),
    path(
        "authorisations/issue",
        authorisations.AuthorisationIssueApi.as_view(),
        name="authorisation-issue",
    ),
    path("", include("awards.authorisations.api.requests")),
]
