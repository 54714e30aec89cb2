"""A client generated from the live OpenAPI document, used unchanged as an integrator would
(make client, .ci/client): `python tests/client_smoke.py BASE_URL SLOTTED_KEY`, the key one
with a paid Watch slot for each standard Watch (granted by a curator, as `.ci/client` does with
`manage.py shell`), on a server whose Watch burst limit allows the run (`SVC_BURST_WATCH`).

Every call goes through the generated functions and typed models; the script fails on any
answer that is not the documented model.
"""

import sys

from intelligence_feed_service_client import AuthenticatedClient, Client
from intelligence_feed_service_client.api.answers import ask, get_answer, get_quality
from intelligence_feed_service_client.api.attention import (
    compare_entities,
    get_entity,
    get_signals,
    list_verticals,
    search_entities,
    top_accelerating,
)
from intelligence_feed_service_client.api.datasets import (
    get_dataset,
    get_dataset_csv,
    get_dataset_jsonl,
    list_datasets,
)
from intelligence_feed_service_client.api.keys import get_key, issue_key, verify_key_email
from intelligence_feed_service_client.api.markets import list_market_questions
from intelligence_feed_service_client.api.origins import get_corroborated
from intelligence_feed_service_client.api.platform import get_release, get_stats
from intelligence_feed_service_client.api.records import (
    get_coverage,
    get_reporting,
    get_topic_history,
    get_topic_record,
    get_truth_object,
    list_records,
)
from intelligence_feed_service_client.api.reporting import search_reporting
from intelligence_feed_service_client.api.service import health
from intelligence_feed_service_client.api.sources import (
    get_source,
    list_sources,
    list_tripwire_alerts,
)
from intelligence_feed_service_client.api.tariff import get_tariff, quote_tariff
from intelligence_feed_service_client.api.watches import (
    list_saved_watches,
    list_standard_watches,
    list_watch_deliveries,
    list_watch_readings,
    recall_watch,
    resend_watch_delivery,
    retire_watch,
    save_watch,
    unfurl_watch,
)
from intelligence_feed_service_client.models import (
    AskRequest,
    Email,
    ModeEnum,
    Problem,
    QuoteItem,
    QuoteRequest,
    SearchReportingSort,
    SvcAcceleratingV1,
    SvcAnswerV1,
    SvcAskTicketV1,
    SvcBeliefDivergenceV1,
    SvcCorroboratedV1,
    SvcDatasetsV1,
    SvcDatasetV1,
    SvcDocumentsV1,
    SvcEntityCompareV1,
    SvcEntitySearchV1,
    SvcEntityV1,
    SvcHealthV1,
    SvcKeyStateV1,
    SvcKeyV1,
    SvcKeyVerifyV1,
    SvcMarketsV1,
    SvcRecordCoverageV1,
    SvcRecordHistoryV1,
    SvcRecordReportingV1,
    SvcRecordsV1,
    SvcRecordV1,
    SvcReleaseV1,
    SvcSignalsV1,
    SvcSourcesV1,
    SvcSourceV1,
    SvcStandardWatchesV1,
    SvcStatsV1,
    SvcTariffQuoteV1,
    SvcTariffV1,
    SvcTripwiresV1,
    SvcVerticalsV1,
    SvcWatchDeliveriesV1,
    SvcWatchesV1,
    SvcWatchReadingsV1,
    SvcWatchReadingV1,
    SvcWatchReadingV1RecordLayers,
    SvcWatchV1,
    SvcWatchV1CoordinatesAcceleratingEntities,
    SvcWatchV1CoordinatesBeliefDivergence,
    SvcWatchV1CoordinatesCorroboratedClusters,
    SvcWatchV1CoordinatesCurrentSignals,
    SvcWatchV1CoordinatesEntityAttention,
    SvcWatchV1CoordinatesMarketMovers,
    SvcWatchV1CoordinatesSourceFlips,
    SvcWatchV1CoordinatesTopicRecord,
    SvcWatchV1GivenCoordinatesAcceleratingEntities,
    SvcWatchV1GivenCoordinatesBeliefDivergence,
    SvcWatchV1GivenCoordinatesCorroboratedClusters,
    SvcWatchV1GivenCoordinatesCurrentSignals,
    SvcWatchV1GivenCoordinatesEntityAttention,
    SvcWatchV1GivenCoordinatesMarketMovers,
    SvcWatchV1GivenCoordinatesSourceFlips,
    SvcWatchV1GivenCoordinatesTopicRecord,
    UnitEnum,
    WatchBaseEnum,
    WatchBody,
)

# What each standard Watch's reading parses into: its read's envelope (a topic record's reading
# holds the chosen layers only, so it has a model of its own).
READ_AS = {
    "current-signals": SvcSignalsV1,
    "accelerating-entities": SvcAcceleratingV1,
    "corroborated-clusters": SvcCorroboratedV1,
    "topic-record": SvcWatchReadingV1RecordLayers,
    "source-flips": SvcTripwiresV1,
    "market-movers": SvcMarketsV1,
    "entity-attention": SvcEntityV1,
    "belief-divergence": SvcBeliefDivergenceV1,
}
# What a saved Watch's coordinates parse into: its base's own model.
HELD_AS = {
    "current-signals": SvcWatchV1CoordinatesCurrentSignals,
    "accelerating-entities": SvcWatchV1CoordinatesAcceleratingEntities,
    "corroborated-clusters": SvcWatchV1CoordinatesCorroboratedClusters,
    "topic-record": SvcWatchV1CoordinatesTopicRecord,
    "source-flips": SvcWatchV1CoordinatesSourceFlips,
    "market-movers": SvcWatchV1CoordinatesMarketMovers,
    "entity-attention": SvcWatchV1CoordinatesEntityAttention,
    "belief-divergence": SvcWatchV1CoordinatesBeliefDivergence,
}


def expect(answer, model):
    assert isinstance(answer, model), f"expected {model.__name__}, got {answer!r}"
    return answer


def main(base: str, slotted: str) -> None:
    anonymous = Client(base_url=base, raise_on_unexpected_status=True, timeout=75)
    topics = expect(list_records.sync(client=anonymous), SvcRecordsV1).records
    topic = topics[0].topic
    record = expect(get_topic_record.sync(topic, client=anonymous), SvcRecordV1)
    assert record.subject == topic
    expect(get_truth_object.sync(topic, client=anonymous), SvcRecordV1)
    signals = expect(get_signals.sync(client=anonymous), SvcSignalsV1)
    print(f"record {topic}, {len(signals.signals)} signals")
    lead = topics[0].lead.slug
    expect(get_entity.sync(lead, client=anonymous), SvcEntityV1)
    walked, cursor = [], None
    while True:  # signals page like every other list
        page = expect(get_signals.sync(client=anonymous, limit=1, cursor=cursor), SvcSignalsV1)
        walked += [signal.topic for signal in page.signals]
        if not isinstance(page.next_cursor, str):
            break
        cursor = page.next_cursor
    assert walked == [signal.topic for signal in signals.signals], walked
    # a budget: a record and the signals cut to it, each saying what it dropped
    budget = len(get_topic_record.sync_detailed(topic, client=anonymous).content) // 4 - 100
    cut = expect(get_topic_record.sync(topic, client=anonymous, max_tokens=budget), SvcRecordV1)
    assert cut.budget.estimated_tokens <= budget, cut.budget
    assert cut.truncated, "a record past its budget says what it dropped"
    budgeted = get_signals.sync(client=anonymous, max_tokens=100_000)
    assert expect(budgeted, SvcSignalsV1).truncated == [], budgeted

    for dataset in expect(list_datasets.sync(client=anonymous), SvcDatasetsV1).datasets:
        rows = expect(get_dataset.sync(dataset.id, client=anonymous), SvcDatasetV1).rows
        lines = get_dataset_jsonl.sync(dataset.id, client=anonymous).splitlines()
        table = get_dataset_csv.sync(dataset.id, client=anonymous).splitlines()
        assert len(lines) == len(rows) == len(table) - 1, dataset.id
    print("paged the signals; read every dataset as JSON, JSON Lines and CSV")

    standard = expect(list_standard_watches.sync(client=anonymous), SvcStandardWatchesV1)
    for watch in standard.watches:
        # from its base alone (the closed set of standard ids): every coordinate has a default
        body = WatchBody(base=WatchBaseEnum(watch.id))
        unfurled = expect(unfurl_watch.sync(client=anonymous, body=body), SvcWatchReadingV1)
        # the reading parsed into its envelope's own model, chosen by its `schema` tag
        expect(unfurled.reading, READ_AS[watch.id])
    print(f"unfurled {len(standard.watches)} standard Watches from their bases, each typed")

    key = expect(issue_key.sync(client=anonymous), SvcKeyV1).key
    keyed = AuthenticatedClient(base_url=base, token=key, raise_on_unexpected_status=True)
    # ask, getAnswer, the Watch catalogue and unfurl list `{}` (no key) among their security
    # alternatives; the generator types their `client` as AuthenticatedClient all the same, and
    # the plain Client works: an anonymous ask, as a visitor without a key makes one.
    answer = ask.sync(client=anonymous, body=AskRequest(question="Is anything flagged?"))
    expect(answer, SvcAnswerV1)
    queued = ask.sync(
        client=keyed, body=AskRequest(question="What is flagged?", mode=ModeEnum.ASYNC)
    )
    ticket = expect(queued, SvcAskTicketV1).ticket
    expect(get_answer.sync(ticket, client=keyed), SvcAskTicketV1)
    print("asked: sync without a topic, async with a key")

    owner = AuthenticatedClient(base_url=base, token=slotted, raise_on_unexpected_status=True)
    watches_of_every_base(owner, topic, lead)
    leads = list(dict.fromkeys(t.lead.name for t in topics))[:2]  # two different entities
    read_the_rest(anonymous, keyed, topic, leads)


def watches_of_every_base(owner: AuthenticatedClient, topic: str, entity: str) -> None:
    """One Watch of each base saved with coordinates of its own (each base's typed model), then
    listed, recalled, read and retired: every answer its documented model, the coordinates in
    each parsed into the base's own model."""
    given = {
        "current-signals": SvcWatchV1GivenCoordinatesCurrentSignals.from_dict({"tier": "full"}),
        "accelerating-entities": SvcWatchV1GivenCoordinatesAcceleratingEntities(
            window=14, min_documents=1
        ),
        "corroborated-clusters": SvcWatchV1GivenCoordinatesCorroboratedClusters(
            days=30, min_origins=1
        ),
        "topic-record": SvcWatchV1GivenCoordinatesTopicRecord.from_dict(
            {"topic": topic, "layers": ["market", "stateHistory"]}
        ),
        "source-flips": SvcWatchV1GivenCoordinatesSourceFlips(days=30),
        "market-movers": SvcWatchV1GivenCoordinatesMarketMovers(min_change_pct=0.5, limit=10),
        "entity-attention": SvcWatchV1GivenCoordinatesEntityAttention(entity=entity),
        "belief-divergence": SvcWatchV1GivenCoordinatesBeliefDivergence(
            min_gap_points=10, window=14
        ),
    }
    saved = {}
    for base, coordinates in given.items():
        body = WatchBody(base=WatchBaseEnum(base), coordinates=coordinates, label=base)
        watch = expect(save_watch.sync(client=owner, body=body), SvcWatchV1)
        expect(watch.coordinates, HELD_AS[base])
        saved[base] = watch.watch_id
    for watch in expect(list_saved_watches.sync(client=owner), SvcWatchesV1).watches:
        expect(watch.coordinates, HELD_AS[watch.base])
    for base, watch_id in saved.items():
        expect(
            expect(recall_watch.sync(watch_id, client=owner), SvcWatchV1).coordinates, HELD_AS[base]
        )
        expect(list_watch_readings.sync(watch_id, client=owner), SvcWatchReadingsV1)
        delivered = expect(list_watch_deliveries.sync(watch_id, client=owner), SvcWatchDeliveriesV1)
        assert delivered.deliveries == [], delivered  # no webhook: nothing delivered
        # a re-send of a delivery the Watch never made: the documented 404, as a typed problem
        expect(resend_watch_delivery.sync(watch_id, "d_none", client=owner), Problem)
        expect(retire_watch.sync(watch_id, client=owner), SvcWatchV1)
    listed = expect(list_saved_watches.sync(client=owner), SvcWatchesV1).watches
    assert {(w.base, w.state) for w in listed} == {(b, "retired") for b in given}, listed
    print(f"saved, listed, recalled, read and retired a Watch of each of {len(given)} bases")


def read_the_rest(anonymous: Client, keyed: AuthenticatedClient, topic: str, leads: list[str]):
    """Every other operation, each answer its documented model."""
    expect(health.sync(client=anonymous), SvcHealthV1)
    release = expect(get_release.sync(client=anonymous), SvcReleaseV1)
    # no card published on a fresh demo: the release says none, the card is a typed 404
    assert release.quality_card is None, release.quality_card
    expect(get_quality.sync(client=anonymous), Problem)
    expect(get_stats.sync(client=anonymous), SvcStatsV1)
    expect(get_tariff.sync(client=anonymous), SvcTariffV1)
    basket = QuoteRequest(items=[QuoteItem(unit=UnitEnum.WATCH, quantity=2, months=3)])
    expect(quote_tariff.sync(client=anonymous, body=basket), SvcTariffQuoteV1)
    expect(get_coverage.sync(topic, client=anonymous), SvcRecordCoverageV1)
    expect(get_topic_history.sync(topic, client=anonymous), SvcRecordHistoryV1)
    expect(get_reporting.sync(topic, client=anonymous), SvcRecordReportingV1)
    expect(top_accelerating.sync(client=anonymous), SvcAcceleratingV1)
    expect(get_corroborated.sync(client=anonymous), SvcCorroboratedV1)
    expect(list_verticals.sync(client=anonymous), SvcVerticalsV1)
    found = expect(search_entities.sync(client=anonymous, q=leads[0]), SvcEntitySearchV1)
    assert found.matches, leads
    names = ",".join(leads)
    expect(compare_entities.sync(client=anonymous, names=names), SvcEntityCompareV1)
    for sort in SearchReportingSort:
        answer = search_reporting.sync(client=anonymous, q="launch", sort=sort)
        expect(answer, SvcDocumentsV1)
    expect(list_market_questions.sync(client=anonymous), SvcMarketsV1)
    sources = expect(list_sources.sync(client=anonymous), SvcSourcesV1).sources
    expect(get_source.sync(sources[0].id, client=anonymous), SvcSourceV1)
    expect(list_tripwire_alerts.sync(client=anonymous), SvcTripwiresV1)
    expect(get_key.sync(client=keyed), SvcKeyStateV1)
    asked = verify_key_email.sync(client=keyed, body=Email(email="smoke@client.example"))
    expect(asked, SvcKeyVerifyV1)
    print("read health, release, stats, the tariff and a quote, a record's coverage, history and")
    print("reporting, accelerating, corroborated, verticals, entity search and compare, reporting")
    print("search both ways, markets, sources and one source, tripwires, the key's state; verified")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
