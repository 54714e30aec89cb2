"""The site pages a visitor reads: home, the terms (section 4a) and the machine page."""

import pytest


def test_home_links_the_two_doors(client, settings):
    page = client.get("/").content.decode()
    assert f"{settings.SVC_BASE_URL}/api/mcp" in page
    assert "/api/openapi.json" in page


def test_terms_section_4a_states_the_output_licence(client):
    response = client.get("/terms/")
    assert response.status_code == 200
    page = response.content.decode()
    section = page.split('id="s4a"', 1)[1].split('id="s5"', 1)[0]
    for phrase in (
        "evaluation, individual use and live",
        "systematic bulk collection",
        "redistribution of outputs as a dataset",
        "train or calibrate models",
        "commercial licence",
    ):
        assert phrase in section


def test_terms_say_informational_only(client):
    page = client.get("/terms/").content.decode()
    assert "not investment, legal or betting advice" in page
    assert "never as a directional claim" in page


def test_machine_page_renders(client):
    response = client.get("/machine/")
    assert response.status_code == 200
    assert "/api/mcp" in response.content.decode()


@pytest.mark.django_db
def test_admin_lives_on_its_configured_path(client, settings):
    response = client.get(f"/{settings.SVC_ADMIN_PATH}")
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_the_favicon_is_found(client):
    icon = client.get("/favicon.ico", follow=True)
    assert icon.status_code == 200
    assert icon.redirect_chain[-1][0].endswith("favicon.svg")
    assert b'rel="icon"' in client.get("/").content
