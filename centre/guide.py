"""The help for each workflow: the steps a page follows, in the portal's words, one section per
workflow with its own anchor. Under the ABF they cite the secretaries' guide and the ABF
manual; under another scheme the help has only the workflows that scheme has, in its words.
Open to everyone: it holds no club's data."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from centre.schemes import current_scheme


def help_page(request: HttpRequest) -> HttpResponse:
    # The ABF's help follows the NSW guide and the ABF manual section by section; the other
    # schemes' books describe no portal, so theirs is the portal's own account.
    template = "help/guide.html" if current_scheme().cites_abf_manual else "help/guide_scheme.html"
    return render(request, template)
