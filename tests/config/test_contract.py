"""The OpenAPI document as a client generator reads it: path templates, credentials, defaults.

Each of these broke a client generated from the live document (openapi-python-client,
@hey-api/openapi-ts): an operation dropped, a key demanded for a free read, a default the
service then refused.
"""

import json
import re

import pytest

from worlds.demo import demo_load

KEYED = {"listSavedWatches", "saveWatch", "recallWatch", "retireWatch", "listWatchReadings"}
KEYED |= {"listWatchDeliveries", "resendWatchDelivery"}
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
    assert "/api/v1/watches/{watchId}/deliveries" in document["paths"]
    assert "/api/v1/watches/{watchId}/deliveries/{deliveryId}/resend" in document["paths"]


def test_keyed_operations_take_either_credential_not_both(document):
    for _path, _method, operation in operations(document):
        if operation["operationId"] in KEYED:
            assert operation["security"] == ALTERNATIVES, operation["operationId"]


OPTIONAL = {"ask", "getAnswer", "unfurlWatch", "listStandardWatches"}


def test_operations_that_read_no_key_demand_no_credential(document):
    for _path, _method, operation in operations(document):
        if operation["operationId"] not in KEYED | OPTIONAL:
            assert not operation.get("security"), operation["operationId"]
    assert not document.get("security")


def test_operations_where_a_key_is_optional_list_no_key_as_an_alternative(document):
    """OpenAPI's own "or none": the two schemes, then the empty requirement; the key is not a
    header parameter besides (it was, beside no `security` at all)."""
    for _path, _method, operation in operations(document):
        if operation["operationId"] in OPTIONAL:
            assert operation["security"] == [*ALTERNATIVES, {}], operation["operationId"]
            headers = {p["name"].lower() for p in operation.get("parameters", [])}
            assert "x-api-key" not in headers, operation["operationId"]


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


# --- every answer against its schema -------------------------------------------------------


def _validator(schema):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _quality_card_published() -> None:
    """A card as `publish_quality` keeps one, from an evaluation of nothing (its shape is the
    point here; tests/answers/test_quality.py runs the real one)."""
    from django.core.cache import cache

    from answers import services
    from answers.measure import quality
    from config.cachekeys import forget_local

    nothing = {"right": 0, "of": 0, "failures": []}
    ran = {"general": {}, "identity": {"tally": {}, "cases": 0},
           "generated": {"tally": {}, "cases": 0}, "conflicts": nothing,
           "repeat": nothing, "lies": nothing, "asOf": {}}  # fmt: skip
    services.quality_card_store(card=quality.quality_card(ran, registries=[], limit=1))
    cache.clear()  # the release read afresh: inside the test's transaction, no commit forgets it
    forget_local()


def _answers_of_a_busy_day(api, hook: str):
    """Every JSON operation, called as a user would on the demo registry, with its answer;
    the saved Watch delivers to `hook`."""
    from billing import services as billing
    from watches import tasks
    from watches.models import WatchReading

    demo_load()
    key = api.post("/api/keys")
    yield "issueKey", key
    keyed = {"HTTP_X_API_KEY": key.json()["key"]}
    billing.slot_grant(key=billing.key_find(key.json()["key"]), slots=2, reason="contract test")
    records = api.get("/api/v1/records?limit=50")
    yield "listRecords", records
    for row in records.json()["records"]:
        topic = row["topic"]
        yield "getTopicRecord", api.get(f"/api/record/{topic}")
        yield "getTopicHistory", api.get(f"/api/v1/records/{topic}/history")
        yield "getReporting", api.get(f"/api/v1/records/{topic}/reporting")
        yield "getCoverage", api.get(f"/api/v1/records/{topic}/coverage")
        yield "listMarketQuestions", api.get(f"/api/v1/markets?topic={topic}")
    yield "getTruthObject", api.get(f"/api/truth/{topic}")
    for query in ("fed", "storm", "zzz"):
        yield "searchEntities", api.get(f"/api/v1/entities?q={query}")
        yield "searchReporting", api.get(f"/api/v1/documents?q={query}")
    for match in api.get("/api/v1/entities?q=a&limit=50").json()["matches"]:
        yield "getEntity", api.get(f"/api/v1/entities/{match['slug']}")
    names = "Federal Reserve,European Central Bank"
    yield "compareEntities", api.get(f"/api/v1/entities/compare?names={names}")
    yield "getSignals", api.get("/api/v1/signals")
    yield "topAccelerating", api.get("/api/v1/accelerating?minDocuments=1")
    yield "getCorroborated", api.get("/api/v1/corroborated?minOrigins=1")
    yield "listVerticals", api.get("/api/v1/verticals")
    sources = api.get("/api/v1/sources")
    yield "listSources", sources
    for source in sources.json()["sources"]:
        yield "getSource", api.get(f"/api/v1/sources/{source['id']}")
    yield "listTripwireAlerts", api.get("/api/v1/tripwires?since=2020-01-01")
    yield "getStats", api.get("/api/v1/stats")
    yield "getRelease", api.get("/api/v1/release")
    _quality_card_published()
    yield "getQuality", api.get("/api/v1/quality")
    yield "getRelease", api.get("/api/v1/release")  # naming the card's version
    yield "getTopicRecord", api.get(f"/api/record/{topic}?maxTokens=3000")  # cut to a budget
    yield "getSignals", api.get("/api/v1/signals?maxTokens=400")
    yield "health", api.get("/api/health")
    datasets = api.get("/api/v1/datasets")
    yield "listDatasets", datasets
    for dataset in datasets.json()["datasets"]:
        yield "getDataset", api.get(f"/api/v1/datasets/{dataset['id']}")
    yield "getTariff", api.get("/api/tariff")
    basket = {"items": [{"unit": "watch", "quantity": 3, "months": 2}]}
    yield "quoteTariff", api.post("/api/tariff-quote", basket, format="json")
    yield "getKey", api.get("/api/keys/me", **keyed)
    mail = {"email": "alice@example.com"}
    yield "verifyKeyEmail", api.post("/api/keys/verify", mail, format="json", **keyed)
    standard = api.get("/api/v1/watches/standard")
    yield "listStandardWatches", standard
    unfurl = {"base": "current-signals", "coordinates": {"limit": 3}}
    yield "unfurlWatch", api.post("/api/v1/watches/unfurl", unfurl, format="json")
    for watch in standard.json()["watches"]:  # each base, with what is used on save only
        unfurl = {"base": watch["id"], "label": "x", "watchId": "w_x"}
        yield "unfurlWatch", api.post("/api/v1/watches/unfurl", unfurl, format="json")
    hooked = {"base": "current-signals", "webhookUrl": hook}
    saved = api.post("/api/v1/watches", hooked, format="json", **keyed)
    yield "saveWatch", saved
    watch = saved.json()["watchId"]
    tasks.run_watches()
    yield "listSavedWatches", api.get("/api/v1/watches", **keyed)
    yield "recallWatch", api.get(f"/api/v1/watches/{watch}", **keyed)
    yield "listWatchReadings", api.get(f"/api/v1/watches/{watch}/readings", **keyed)
    tasks.deliver_reading(WatchReading.objects.get(watch__watch_id=watch).pk, 1)
    deliveries = api.get(f"/api/v1/watches/{watch}/deliveries", **keyed)
    yield "listWatchDeliveries", deliveries
    delivered = deliveries.json()["deliveries"][0]["deliveryId"]
    path = f"/api/v1/watches/{watch}/deliveries/{delivered}/resend"
    yield "resendWatchDelivery", api.post(path, **keyed)
    yield "retireWatch", api.post(f"/api/v1/watches/{watch}/retire", **keyed)
    question = {"question": "Is Hurricane Tavia still active?"}
    yield "ask", api.post("/api/ask", question, format="json")
    ticket = api.post("/api/ask", {**question, "mode": "async"}, format="json", **keyed)
    yield "ask", ticket
    yield "getAnswer", api.get(ticket.json()["pollUrl"], **keyed)


def _body(response):
    if response.streaming:
        return json.loads(b"".join(response.streaming_content))
    return response.json()


@pytest.fixture
def hook(httpserver, local_fetches):
    """A webhook receiver that takes every delivery."""
    httpserver.expect_request("/hook", method="POST").respond_with_data("ok")
    return httpserver.url_for("/hook")


@pytest.mark.django_db
def test_every_answer_matches_the_schema_its_operation_documents(api, document, hook):
    from config.contract import self_contained

    documented = {
        operation["operationId"]: operation["responses"]
        for _path, _method, operation in operations(document)
    }
    seen = set()
    for operation_id, response in _answers_of_a_busy_day(api, hook):
        assert response.status_code < 300, (operation_id, response.content[:300])
        body = _body(response)
        answer = documented[operation_id][str(response.status_code)]["content"]["application/json"]
        tag = answer["schema"]["$ref"].rsplit("/", 1)[1]
        assert body["schema"] == tag or (tag, body["schema"]) == ("svc.record.v1", "svc.truth.v1")
        errors = [
            f"{'.'.join(map(str, e.absolute_path))}: {e.message[:120]}"
            for e in _validator(self_contained(tag)).iter_errors(body)
        ]
        assert not errors, (operation_id, errors[:5])
        seen.add(operation_id)
    json_operations = {
        op_id
        for op_id, responses in documented.items()
        if any("application/json" in r.get("content", {}) for c, r in responses.items() if c < "3")
    }
    assert json_operations <= seen, json_operations - seen


def test_every_envelope_schema_is_a_component_and_every_tool_output_is_its_envelope(
    document, client
):
    from config.contract import schemas, tool_output
    from mcpdoor.registry import TOOLS

    assert set(schemas()) <= set(document["components"]["schemas"])
    listed = client.post(
        "/api/mcp",
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        content_type="application/json",
    ).json()["result"]["tools"]
    for tool in listed:
        assert tool["outputSchema"] == tool_output(*TOOLS[tool["name"]].output), tool["name"]
        assert tool["outputSchema"].get("properties") or tool["outputSchema"]["anyOf"]


def test_an_envelope_inside_another_is_a_reference_never_a_copy(document, client):
    """A ticket's answer is `svc.answer.v1` itself: in OpenAPI a $ref to its component, in the
    MCP ask tool's outputSchema the same schema carried in its `$defs`; the copy it replaced
    had drifted (no `language`)."""
    from jsonschema import Draft202012Validator

    from config.contract import schema_of, self_contained

    components = document["components"]["schemas"]
    answer = components["svc.ask-ticket.v1"]["properties"]["answer"]
    assert answer["$ref"] == "#/components/schemas/svc.answer.v1"
    carried = self_contained("svc.ask-ticket.v1")
    assert carried["properties"]["answer"]["$ref"] == "#/$defs/svc.answer.v1"
    assert carried["$defs"]["svc.answer.v1"]["required"] == schema_of("svc.answer.v1")["required"]
    Draft202012Validator.check_schema(carried)
    listed = client.post(
        "/api/mcp",
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        content_type="application/json",
    ).json()["result"]["tools"]
    for tool in listed:  # every reference in a listed outputSchema resolves inside it
        Draft202012Validator.check_schema(tool["outputSchema"])
        for ref in re.findall(r'"\$ref": "([^"]+)"', json.dumps(tool["outputSchema"])):
            assert ref.startswith("#/$defs/"), (tool["name"], ref)
            assert ref.removeprefix("#/$defs/") in tool["outputSchema"]["$defs"], (
                tool["name"],
                ref,
            )
    at = "2026-11-25T10:00:00Z"
    ticket = {
        **{"schema": "svc.ask-ticket.v1", "generatedAt": at, "submittedAt": at},
        **{"ticket": "t", "status": "done", "pollUrl": "/api/ask/t"},
        "answer": {"schema": "svc.answer.v1"},
    }
    errors = list(Draft202012Validator(carried).iter_errors(ticket))
    assert any("language" in e.message for e in errors), errors  # the answer's own rules apply


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/ask", "/api/v1/watches/standard", "/api/v1/watches"])
def test_a_method_the_path_does_not_take_is_405_whatever_key_is_sent(client, path):
    refused = client.generic("TRACE", path, HTTP_X_API_KEY="not-a-key")
    assert refused.status_code == 405


@pytest.mark.django_db
def test_any_text_on_the_earlier_record_path_is_answered_not_a_500(api):
    odd = api.get("/api/truth/%20_I%16%C3%8F%24")
    assert odd.status_code in (400, 404)
    assert odd["x-svc-current-path"].startswith("/api/record/%20_I%16")


def test_watch_coordinates_are_an_object_and_the_base_one_of_the_standard_ids(document):
    from watches.catalogue import STANDARD

    schemas = document["components"]["schemas"]
    body = schemas["WatchBody"]["properties"]
    (reference,) = body["base"]["allOf"]
    base = schemas[reference["$ref"].rsplit("/", 1)[1]]
    assert base["type"] == "string"
    assert sorted(base["enum"]) == sorted(STANDARD)
    (reference,) = body["coordinates"]["allOf"]  # one object per base (tests/watches)
    for variant in schemas[reference["$ref"].rsplit("/", 1)[1]]["anyOf"]:
        assert schemas[variant["$ref"].rsplit("/", 1)[1]]["type"] == "object"


# --- inputs as strict in the document as in the service ------------------------------------


def test_a_topic_in_a_path_is_a_slug_in_the_document(document):
    for path, _method, operation in operations(document):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] == "topic":
                assert parameter["schema"]["pattern"] == r"^[a-z0-9]+(?:-[a-z0-9]+)*$", path
                assert parameter["schema"]["maxLength"] == 120


def test_every_text_query_parameter_is_at_least_one_character(document):
    for path, _method, operation in operations(document):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "query" and parameter["schema"].get("type") == "string":
                assert parameter["schema"]["minLength"] >= 1, (path, parameter["name"])


def test_compare_takes_two_to_ten_names_as_the_document_says(document, api):
    compare = document["paths"]["/api/v1/entities/compare"]["get"]["parameters"]
    pattern = re.compile(next(p for p in compare if p["name"] == "names")["schema"]["pattern"])
    assert pattern.search("Federal Reserve,European Central Bank")
    assert not pattern.search("Federal Reserve")
    assert not pattern.search(",".join(["a"] * 11))
    assert not pattern.search("a, ")


def test_bodies_say_what_may_not_be_empty(document):
    schemas = document["components"]["schemas"]
    assert schemas["QuoteRequest"]["properties"]["items"]["minItems"] == 1
    assert schemas["WatchBody"]["properties"]["watchId"]["minLength"] == 1


@pytest.mark.django_db
def test_a_body_boolean_is_true_or_false_not_a_number(api):
    basket = {"items": [{"unit": "ask", "quantity": 1}], "verifiedEmail": 0}
    refused = api.post("/api/tariff-quote", basket, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "verifiedEmail"


@pytest.mark.django_db
def test_every_answer_carries_the_headers_its_operation_documents(api, document, hook):
    """What the document says an answer carries (Cache-Control, ETag, the burst headers, the
    licence, the alias's current path), each live answer of a busy day carries."""
    documented = {
        operation["operationId"]: operation["responses"]
        for _path, _method, operation in operations(document)
    }
    checked = 0
    for operation_id, response in _answers_of_a_busy_day(api, hook):
        headers = documented[operation_id][str(response.status_code)].get("headers", {})
        missing = [name for name in headers if not response.has_header(name)]
        assert not missing, (operation_id, missing)
        checked += len(headers)
    assert checked > 50


def test_an_alias_is_deprecated_and_a_401_says_how_to_present_a_key(document):
    truth = document["paths"]["/api/truth/{topic}"]["get"]
    assert truth["deprecated"] is True
    assert {"Link", "x-svc-current-path"} <= set(truth["responses"]["200"]["headers"])
    for _path, _method, operation in operations(document):
        if "401" in operation["responses"]:
            assert "WWW-Authenticate" in operation["responses"]["401"]["headers"]


def test_every_property_of_every_envelope_is_typed():
    """A generated client gets `Any` for an untyped property: each says its JSON type (nullable
    strings where the value may be null; a Watch coordinate's `default`, of any coordinate's
    kind, as the kinds it may be). Only a conditional branch (`then`) narrows a property typed
    beside it."""
    from config.contract import schemas

    typed_by = ("type", "$ref", "oneOf", "anyOf", "allOf", "const", "enum")
    untyped = []

    def walk(node, where):
        if isinstance(node, dict):
            for name, spec in (node.get("properties") or {}).items():
                if isinstance(spec, dict) and not any(key in spec for key in typed_by):
                    untyped.append(f"{where}.{name}")
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for item in node:
                walk(item, where)

    for tag, schema in schemas().items():
        walk(schema, tag)
    assert [path for path in untyped if "/then" not in path] == []


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["watchId", "label"])
def test_a_watch_body_string_is_a_string_not_a_number(api, field):
    body = {"base": "current-signals", field: 0}
    refused = api.post("/api/v1/watches/unfurl", body, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == field
