from datetime import date
from decimal import Decimal

import factory
from factory.django import DjangoModelFactory

from billing.models import FeeSchedule


class FeeScheduleFactory(DjangoModelFactory):
    class Meta:
        model = FeeSchedule
        django_get_or_create = ("effective_from",)

    effective_from = date(2026, 4, 1)
    levy_b3_b4_b5 = Decimal("2.68")
    levy_c_d_e_f = Decimal("2.53")
    levy_b4c_b4s_b5i = Decimal("2.03")
    levy_a_a2_b = Decimal("1.74")
    capitation_april_september = Decimal("23.30")
    capitation_october_december = Decimal("11.65")
    capitation_january_march = factory.LazyFunction(lambda: Decimal("0.00"))
