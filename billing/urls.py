from django.urls import path

from billing import views

app_name = "billing"

urlpatterns = [
    path("statement/", views.statement, name="statement"),
    path("clubs/<int:number>/statement/", views.statement, name="club_statement"),
    path("payments/new/", views.payment_new, name="payment_new"),
    path("invoices/<str:invoice_number>.pdf", views.invoice_document, name="invoice_pdf"),
]
