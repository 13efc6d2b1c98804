"""The upload page says what to do in plain words first; the file formats (App. D) are
below the form, behind a "File format" link (out of the form's order of Tab stops)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_upload_page_puts_the_file_format_below_the_form(client_a):
    page = client_a.get(reverse("awards:upload_new")).content.decode()
    intro = page[page.index("<h1>") : page.index('enctype="multipart/form-data"')]
    assert "App. D" not in intro and "13-digit" not in intro
    assert '<a href="#file-format">File format</a>' in intro
    details = page.index('<details id="file-format"')
    assert page.index('name="file"') < page.index("Check the file</button>") < details
    assert "13-digit lines" in page[details:]


def test_a_label_is_in_plain_words_and_its_clause_in_its_help(client_a):
    page = client_a.get(reverse("awards:upload_new")).content.decode()
    assert '<label for="id_grade">Grade</label>' in page
    assert "Grade (1.5.1)" not in page
    assert '<span class="cite">(1.5.1)</span>' in page
    assert '<label for="id_authorisation_number">Authorisation number</label>' in page
