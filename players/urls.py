app_name = "players"

urlpatterns: list = []
