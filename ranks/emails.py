"""The emails of ranks and reports, each composed here and sent once (centre.mail) by a worker:
the club's monthly report with its promotion certificates, and its quarterly ranking report.

The services queue the tasks below; a task calls the function that composes and sends.
Nothing here queues work or imports a service.
"""

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction

from centre.mail import EMAIL_RETRY, email_once
from centre.schemes import current_scheme
from ranks import documents
from ranks.models import ClubMonthlyReport, Promotion, RankingReport
from scheme.core.calendar import quarter_label


def club_monthly_report_email_send(*, report_id: int) -> bool:
    """Email one monthly report, with the month's promotion certificates, once (1.4.3, 1.8).

    Marked as sent in the same transaction, under the report's row lock, so a retried or
    repeated task never sends it twice.
    """

    def compose(report: ClubMonthlyReport) -> EmailMessage | None:
        club, period = report.club, report.period
        if not club.secretary_email:
            return None
        promotions = list(
            Promotion.objects.filter(club=club, period=period)
            .select_related("player", "club", "period")
            .order_by("-rank_order", "player__family_name", "player__given_names")
        )
        body = [
            f"Dear {club.secretary_name or 'masterpoint secretary'},",
            "",
            f"Attached is {club.name}'s monthly report for {period.label}: the masterpoints "
            "credited to your home members from national, "
            f"{current_scheme().region_name} and congress events "
            "processed in the month, your home players' promotions, and the corrections "
            "credited in the month to your home members or in your club's events"
            + (" (1.4.3)." if current_scheme().cites_abf_manual else "."),
        ]
        # 1.8: the ABF's clause; another scheme's book is not cited by the ABF's numbers.
        clause = " (1.8)" if current_scheme().cites_abf_manual else ""
        if promotions:
            body += [
                "",
                (
                    f"1 of your home players was promoted; the certificate is attached{clause}:"
                    if len(promotions) == 1
                    else f"{len(promotions)} of your home players were promoted; their "
                    f"certificates are attached{clause}:"
                ),
                *(
                    f"  {p.player.abf_number} {p.player.full_name}: {p.rank_name}"
                    for p in promotions
                ),
            ]
        body += ["", "Masterpoint Centre"]
        message = EmailMessage(
            subject=f"Masterpoint Centre monthly report for {club.name}, {period.label}",
            body="\n".join(body) + "\n",
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[club.secretary_email],
        )
        message.attach(
            documents.monthly_report_filename(report),
            documents.monthly_report_pdf(report),
            "application/pdf",
        )
        for promotion in promotions:
            message.attach(
                documents.certificate_filename(promotion),
                documents.certificate_pdf(promotion),
                "application/pdf",
            )
        return message

    with transaction.atomic():
        queryset = ClubMonthlyReport.objects.select_related("club", "period")
        sent = email_once(queryset=queryset, pk=report_id, compose=compose)
        if sent is None:
            return False
        # The certificates went with the report.
        Promotion.objects.filter(
            club=sent.club, period=sent.period, certificate_emailed_at=None
        ).update(certificate_emailed_at=sent.emailed_at)
    return True


def ranking_report_email_send(*, report_id: int) -> bool:
    """Email a report to the club's masterpoint secretary (guide F4), PDF and CSV attached."""

    def compose(report: RankingReport) -> EmailMessage | None:
        club = report.club
        if not club.secretary_email:
            return None
        quarter = quarter_label(report.year, report.quarter)
        message = EmailMessage(
            subject=f"Player ranking report {report.covers} for {club.number} {club.name}",
            body=(
                f"Dear {club.secretary_name or 'masterpoint secretary'},\n\n"
                f"Attached is the club's player ranking report for {quarter} "
                "(1.4.3): the masterpoint totals and ranks of your home members and "
                "alternates, and of the players who earned points at the club in the "
                "quarter. It is also on the club's documents page.\n\nMasterpoint Centre\n"
            ),
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[club.secretary_email],
        )
        message.attach(
            f"ranking-{club.number}-{report.covers}.pdf", documents.ranking_report_pdf(report)
        )
        message.attach(
            f"ranking-{club.number}-{report.covers}.csv", documents.ranking_report_csv(report)
        )
        return message

    queryset = RankingReport.objects.select_related("club")
    return email_once(queryset=queryset, pk=report_id, compose=compose) is not None


# --- the tasks the services queue: send once, retry ----------------------------------------


@shared_task(**EMAIL_RETRY)
def club_monthly_report_email(report_id: int) -> bool:
    """1.4.3: one club's monthly report and promotion certificates; sent once."""
    return club_monthly_report_email_send(report_id=report_id)


@shared_task(**EMAIL_RETRY)
def ranking_report_email(report_id: int) -> bool:
    """1.4.3: one club's quarterly ranking report; sent once."""
    return ranking_report_email_send(report_id=report_id)
