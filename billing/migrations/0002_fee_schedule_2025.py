from datetime import date
from decimal import Decimal

from django.db import migrations


def schedule_2025(apps, schema_editor):
    FeeSchedule = apps.get_model("billing", "FeeSchedule")
    # 8.3: fees as at 1 April 2025.
    FeeSchedule.objects.get_or_create(
        effective_from=date(2025, 4, 1),
        defaults={
            "levy_b3_b4_b5": Decimal("2.68"),
            "levy_c_d_e_f": Decimal("2.53"),
            "levy_b4c_b4s_b5i": Decimal("2.03"),
            "levy_a_a2_b": Decimal("1.74"),
            "capitation_april_september": Decimal("23.30"),
            "capitation_october_december": Decimal("11.65"),
            "capitation_january_march": Decimal("0.00"),
            "new_player_commission": Decimal("1.00"),
            "late_lodgement_rate": Decimal("0.0400"),
            "overdue_rate": Decimal("0.1000"),
            "unidentified_payment_fee": Decimal("10.00"),
        },
    )


class Migration(migrations.Migration):
    dependencies = [("billing", "0001_initial")]

    operations = [migrations.RunPython(schedule_2025, migrations.RunPython.noop)]
