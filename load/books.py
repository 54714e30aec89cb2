"""What the chaos run (load/chaos.py) and the two-machine rehearsal (load/cluster.py) share:
the traffic's topics and questions, the meters switched off, and the books: what the database
says of every ask, charge, meter and Watch delivery once the load has stopped."""

import time

import psycopg

OK = {200, 201, 202}
TOPICS = ["disaster-hurricane-tavia", "rate-decision-federal-reserve-december-2026"]
QUESTIONS = [
    "Is Hurricane Tavia still active?",
    "What did the Federal Reserve decide?",
    "When does Artemis II launch?",
]
# The meters are not what is measured: every simulated user shares 127.0.0.1.
METERS_OFF = {
    "SVC_ASKS_PER_ADDRESS_DAY": "100000000",
    "SVC_ASKS_PER_KEY": "100000000",
    "SVC_KEYS_PER_ADDRESS_DAY": "1000",
    "SVC_BURST_KEYS": "100000000/m",
    "SVC_BURST_WATCH": "100000000/m",
}

LEDGER = {
    "tickets": "SELECT count(*) FROM answers_askticket",
    "unfinished": "SELECT count(*) FROM answers_askticket WHERE status IN ('queued','running')",
    "done": "SELECT count(*) FROM answers_askticket WHERE status = 'done'",
    "failed": "SELECT count(*) FROM answers_askticket WHERE status = 'failed'",
    "done_but_refunded": "SELECT count(*) FROM answers_askticket t JOIN billing_askcharge c "
    "ON c.id = t.charge_id WHERE t.status = 'done' AND c.refunded_at IS NOT NULL",
    "failed_not_refunded": "SELECT count(*) FROM answers_askticket t JOIN billing_askcharge c "
    "ON c.id = t.charge_id WHERE t.status = 'failed' AND c.refunded_at IS NULL",
    "charges_without_ticket": "SELECT count(*) FROM billing_askcharge c WHERE NOT EXISTS "
    "(SELECT 1 FROM answers_askticket t WHERE t.charge_id = c.id)",
    # A meter off its charges is a refund given twice (or a charge never counted).
    "keys_off_meter": "SELECT count(*) FROM billing_apikey k WHERE k.asks_used <> (SELECT "
    "count(*) FROM billing_askcharge c WHERE c.key_id = k.id AND c.refunded_at IS NULL)",
    "address_days_off_meter": "SELECT count(*) FROM billing_addressday a WHERE a.asks_used <> "
    "(SELECT count(*) FROM billing_askcharge c WHERE c.key_id IS NULL AND c.day = a.day "
    "AND c.refunded_at IS NULL)",
    "asks_ticketed_twice": "SELECT count(*) FROM (SELECT 1 FROM answers_askticket WHERE "
    "idempotency_key <> '' GROUP BY idempotency_key HAVING count(*) > 1) twice",
    "deliveries": "SELECT count(*) FROM watches_watchdelivery",
    "deliveries_accepted": "SELECT count(*) FROM watches_watchdelivery "
    "WHERE status BETWEEN 200 AND 299",
    "deliveries_timed_out": "SELECT count(*) FROM watches_watchdelivery "
    "WHERE error LIKE '%timed out%'",
    "readings_delivered_twice": "SELECT count(*) FROM (SELECT 1 FROM watches_watchdelivery d "
    "JOIN watches_watchreading r ON r.id = d.reading_id WHERE d.status BETWEEN 200 AND 299 "
    "AND d.resend_of_id IS NULL GROUP BY r.watch_id, r.scheduled_for HAVING count(*) > 1) twice",
    "watches": "SELECT count(*) FROM watches_watch WHERE webhook_url IS NOT NULL",
    "watches_never_delivered": "SELECT count(*) FROM watches_watch w WHERE w.webhook_url "
    "IS NOT NULL AND NOT EXISTS (SELECT 1 FROM watches_watchdelivery d JOIN "
    "watches_watchreading r ON r.id = d.reading_id WHERE r.watch_id = w.id)",
    "skips": "SELECT coalesce(sum(skips), 0) FROM registry_scheduledjob",
}


def ledger(database: str) -> dict[str, int]:
    """What the database says of every ask: unfinished, answered, refunded, and the meters."""
    with psycopg.connect(database) as conn:
        return {name: conn.execute(sql).fetchone()[0] for name, sql in LEDGER.items()}


def drained(database: str, seconds: float) -> float:
    """Seconds until no ask is unfinished (the reaper's work) and every Watch with a receiver
    was tried, or -1 past `seconds`."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        books = ledger(database)
        if books["unfinished"] == 0 and books["watches_never_delivered"] == 0:
            return time.monotonic() - started
        time.sleep(2)
    return -1.0
