"""The help for each workflow: the steps of the secretaries' guide and the ABF manual that a
page follows, in the portal's words, one section per workflow with its own anchor. Open to
everyone: it holds no club's data."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "help/guide.html")
