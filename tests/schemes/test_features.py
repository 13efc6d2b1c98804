"""The one switch of the registry's optional features: each names pages that exist, the ABF
has them all, and a feature's menu entries go with it."""

from django.urls import URLPattern, URLResolver, get_resolver

from centre.features import FEATURE_URLS, feature_of
from centre.navigation import ENTRIES, entries_for
from scheme import SCHEMES
from scheme.base import FEATURES


def _names(patterns, namespace: str = "") -> set[str]:
    names: set[str] = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names |= _names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(f"{namespace}{pattern.name}")
    return names


def test_every_feature_names_pages_that_exist():
    names = _names(get_resolver().url_patterns)
    assert set(FEATURE_URLS) <= FEATURES
    for feature, prefixes in FEATURE_URLS.items():
        for prefix in prefixes:
            assert any(name.startswith(prefix) for name in names), (feature, prefix)
    # The lookup, the ledger and the month close are every scheme's.
    for name in ("awards:player", "awards:sundry", "operations:months", "masterpoints-player"):
        assert feature_of(name) is None


def test_the_abf_has_every_feature_and_the_others_none_of_the_abf_s_own():
    assert SCHEMES["abf"].features == FEATURES
    for code, scheme in SCHEMES.items():
        if code != "abf":
            assert not scheme.features & {"credit_files", "authorisations", "levies"}


def test_a_scheme_s_menu_leaves_out_what_it_lacks(settings, db):
    from django.contrib.auth.models import AnonymousUser

    settings.MASTERPOINT_SCHEME = "nz"
    shown = {entry["name"] for entry in entries_for(AnonymousUser())}

    assert "ranks:standings_now" not in shown and "national:files" not in shown
    assert "home" in shown
    assert any(url == "ranks:standings_now" for _, _, url, _ in ENTRIES)
