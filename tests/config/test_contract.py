"""The OpenAPI document as a client generator reads it: path templates, credentials, defaults.

Each of these broke a client generated from the live document (openapi-python-client,
@hey-api/openapi-ts): an operation dropped, a key demanded for a free read, a default the
service then refused.
"""

import re

import pytest

from registry.demo import demo_load

KEYED = {"listSavedWatches", "saveWatch", "recallWatch", "retireWatch", "listWatchReadings"}
KEYED |= {"getKey", "verifyKeyEmail"}
ALTERNATIVES = [{"apiKeyHeader": []}, {"bearerKey": []}]


@pytest.fixture
def document(api):
    return api.get("/api/openapi.json", HTTP_ACCEPT="application/json").json()


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                yield path, method, operation


def test_every_path_template_names_exactly_its_path_parameters(document):
    for path, method, operation in operations(document):
        templated = set(re.findall(r"{([^}]+)}", path))
        declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
        assert templated == declared, (method, path, declared)


def test_saved_watches_are_addressed_by_watch_id(document):
    assert "/api/v1/watches/{watchId}" in document["paths"]
    assert "/api/v1/watches/{watchId}/readings" in document["paths"]
    assert "/api/v1/watches/{watchId}/retire" in document["paths"]


def test_keyed_operations_take_either_credential_not_both(document):
    for _path, _method, operation in operations(document):
        if operation["operationId"] in KEYED:
            assert operation["security"] == ALTERNATIVES, operation["operationId"]


def test_operations_that_need_no_key_demand_no_credential(document):
    for _path, _method, operation in operations(document):
        if operation["operationId"] not in KEYED:
            assert not operation.get("security"), operation["operationId"]
    assert not document.get("security")


def test_operations_where_a_key_is_optional_say_so_as_a_header(document):
    optional = {"ask", "getAnswer", "unfurlWatch", "listStandardWatches"}
    for _path, _method, operation in operations(document):
        if operation["operationId"] in optional:
            header = next(p for p in operation["parameters"] if p["name"] == "x-api-key")
            assert header["in"] == "header"
            assert not header.get("required", False)


def test_an_ask_body_has_no_default_a_client_would_send(document):
    ask = document["paths"]["/api/ask"]["post"]["requestBody"]["content"]["application/json"]
    reference = ask["schema"]["$ref"].rsplit("/", 1)[1]
    topic = document["components"]["schemas"][reference]["properties"]["topic"]
    assert "default" not in topic


@pytest.mark.django_db
def test_an_ask_with_a_blank_topic_is_an_ask_about_no_topic(api):
    demo_load()
    answer = api.post(
        "/api/ask", {"question": "Is Hurricane Tavia still active?", "topic": ""}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["schema"] == "svc.answer.v1"


@pytest.mark.django_db
def test_a_number_is_not_a_question_and_costs_nothing(api):
    refused = api.post("/api/ask", {"question": 42}, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "question"
    from billing.models import AskCharge

    assert not AskCharge.objects.exists()


@pytest.mark.django_db
def test_a_keyed_operation_without_a_key_names_the_scheme_to_use(api):
    refused = api.get("/api/v1/watches")
    assert refused.status_code == 401
    assert refused["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.django_db
def test_an_unknown_topic_on_the_earlier_path_still_names_the_current_one(api):
    missing = api.get("/api/truth/no-such-topic")
    assert missing.status_code == 404
    assert missing["x-svc-current-path"] == "/api/record/no-such-topic"
    assert missing["Link"] == "</api/record/no-such-topic>; rel=canonical"


@pytest.mark.django_db
def test_an_ask_past_the_anonymous_allowance_names_the_scheme_to_use(api, settings):
    demo_load()
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1
    question = {"question": "Is Hurricane Tavia still active?"}
    assert api.post("/api/ask", question, format="json").status_code == 200
    refused = api.post("/api/ask", question, format="json")
    assert refused.status_code == 401
    assert refused.json()["state"] == "key-required"
    assert refused["WWW-Authenticate"].startswith("Bearer")
