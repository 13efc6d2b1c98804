app_name = "awards"

urlpatterns: list = []
