"""The corrections' operations, and the pointers of retired numbers (awards/api_urls.py
includes them, before the operations they stand in front of)."""

from awards.corrections import api, retired
from centre.api_routes import api_path

# Under the areas of the API's docs (centre.api_schema): the corrections are of credits.
urlpatterns = [
    api_path("credits/corrections", api.CorrectionListApi.as_view(), name="corrections"),
    api_path("credits/corrections/<int:pk>", api.CorrectionDetailApi.as_view(), name="correction"),
    api_path("uploads/<int:pk>/reverse", api.UploadReverseApi.as_view(), name="upload-reverse"),
    api_path("credits/<int:pk>/move", api.CreditMoveApi.as_view(), name="credit-move"),
    api_path("credits/<int:pk>/correct", api.CreditAmountApi.as_view(), name="credit-correct"),
    api_path("credits/events/<int:pk>/grade", api.EventGradeApi.as_view(), name="event-grade"),
    api_path("players/merges", api.MergeApi.as_view(), name="merges"),
]

# Every operation on a retired number answers with the kept one: the statement here, the
# registry's operations on a player (players/api_urls.py, included after the awards').
retired_numbers = [
    retired.retired_api_path(
        "masterpoints/<str:abf_number>/statement",
        retired.retired_api,
        name="retired-statement",
    ),
    retired.retired_api_path(
        "players/<str:abf_number>", retired.retired_api, name="retired-player"
    ),
    retired.retired_api_path(
        "players/<str:abf_number>/<str:operation>",
        retired.retired_api,
        name="retired-player-operation",
    ),
]
