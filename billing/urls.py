from django.urls import path

from billing import views

app_name = "billing"

# Included at the root: the club's documents page lives with the club's pages.
urlpatterns = [
    path("club/", views.club_dashboard, name="club_dashboard"),
    path("club/documents/", views.documents, name="documents"),
    path("fees/", views.fees, name="fees"),
    path("billing/statement/", views.statement, name="statement"),
    path("billing/clubs/<int:number>/statement/", views.statement, name="club_statement"),
    path("billing/states/<str:code>/statement/", views.state_statement, name="state_statement"),
    path(
        "billing/congress-organisers/<int:pk>/statement/",
        views.congress_organiser_statement,
        name="congress_organiser_statement",
    ),
    path("state/documents/", views.state_documents, name="state_documents"),
    # A scheme with fees of its own: a region's quarterly invoices and account (NZ rule 7).
    path("region/invoices/", views.region_invoices, name="region_invoices"),
    path("billing/regions/<str:code>/statement/", views.region_statement, name="region_statement"),
    path("billing/payments/new/", views.payment_new, name="payment_new"),
    path("billing/invoices/<str:invoice_number>.pdf", views.invoice_document, name="invoice_pdf"),
    path(
        "billing/invoices/<str:invoice_number>/report.pdf",
        views.invoice_report,
        name="invoice_report_pdf",
    ),
]
