"""The deployment's scheme, read from its setting."""

from centre.schemes import current_scheme, point_kind_codes


def test_the_scheme_follows_a_change_of_the_setting(settings):
    settings.MASTERPOINT_SCHEME = "nz"
    assert current_scheme().code == "nz"
    assert point_kind_codes() == ("A", "B", "C")
    settings.MASTERPOINT_SCHEME = "acbl"
    assert current_scheme().code == "acbl"
