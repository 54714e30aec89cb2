"""Keys, asks and slots: every quota a conditional write the database arbitrates.

Counting is `UPDATE ... SET n = n + 1 WHERE n < limit` (and an INSERT ... ON CONFLICT DO NOTHING
to make the row exist first): however many requests race, exactly `limit` of them find a row to
update. A cache counter would be faster and wrong under failover; these are money and promises.
"""

import hashlib
import hmac
import secrets
import string
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db.models import F, Q, Sum
from django.utils import timezone

from billing.addresses import canonical_address
from billing.models import (
    AddressDay,
    ApiKey,
    AskCharge,
    EmailClaim,
    MailboxDay,
    Price,
    SlotGrant,
    SlotUse,
)
from config.contention import retried_on_contention
from config.network import allowance_address
from config.problems import ApplicationError

KEY_PREFIX = "svc_live_"
BODY_LENGTH, CHECK_LENGTH = 32, 6
BASE62 = string.digits + string.ascii_letters
_VERIFY_SALT = "svc.email-verification"  # a namespace for signatures, not a secret


# --- keys --------------------------------------------------------------------------------------


def _checksum(body: str) -> str:
    digest = int.from_bytes(hashlib.sha256(body.encode()).digest()[:8], "big")
    chars = []
    for _ in range(CHECK_LENGTH):
        digest, index = divmod(digest, 62)
        chars.append(BASE62[index])
    return "".join(chars)


def key_digest(key: str) -> str:
    return hmac.new(settings.SVC_KEY_PEPPER.encode(), key.encode(), hashlib.sha256).hexdigest()


def key_parse(raw: str) -> str | None:
    """The full key if `raw` is well formed with a valid checksum (with or without the prefix),
    else None. No database is asked, so garbage costs nothing."""
    body = raw.removeprefix(KEY_PREFIX)
    if len(body) != BODY_LENGTH + CHECK_LENGTH or any(c not in BASE62 for c in body):
        return None
    if not hmac.compare_digest(_checksum(body[:BODY_LENGTH]), body[BODY_LENGTH:]):
        return None
    return KEY_PREFIX + body


def key_find(key: str) -> ApiKey | None:
    return ApiKey.objects.filter(digest=key_digest(key), revoked_at__isnull=True).first()


@retried_on_contention
def key_issue(*, address: str, now: datetime | None = None) -> tuple[ApiKey, str]:
    """A new key, shown once (the second value). Capped per network address per UTC day."""
    now = now or timezone.now()
    if not _count_up(address, now.date(), "keys_issued", settings.SVC_KEYS_PER_ADDRESS_DAY):
        raise ApplicationError(
            status=429,
            state="rate-limited",
            error="Key issuance from this network address is capped for today (UTC).",
            retryAfter=seconds_to_midnight(now),
        )
    body = "".join(secrets.choice(BASE62) for _ in range(BODY_LENGTH))
    key = KEY_PREFIX + body + _checksum(body)
    row = ApiKey.objects.create(digest=key_digest(key), prefix=key[: len(KEY_PREFIX) + 4],
                                created_from=address)  # fmt: skip
    return row, key


def _count_up(address: str, day: date, column: str, limit: int) -> bool:
    """Add one to today's counter for `address` (its /64 for IPv6) unless it reached `limit`;
    True if added."""
    return _counted(AddressDay, {"address": allowance_address(address), "day": day}, column, limit)


def _mailbox_count_up(mailbox: str, day: date) -> bool:
    """One more verification mail to `mailbox` today, unless it had its daily share; True if so."""
    limit = settings.SVC_VERIFY_MAILS_PER_ADDRESS_DAY
    return _counted(MailboxDay, {"mailbox": mailbox, "day": day}, "verify_mails", limit)


def _counted(model, row: dict, column: str, limit: int) -> bool:
    """One more in `column` of the day's counter row, by a conditional UPDATE (atomic under any
    number of concurrent callers), unless it reached `limit`; the row is made first if absent."""
    model.objects.bulk_create([model(**row)], ignore_conflicts=True)
    counter = model.objects.filter(**row, **{f"{column}__lt": limit})
    return counter.update(**{column: F(column) + 1}) == 1


def seconds_to_midnight(now: datetime) -> int:
    midnight = datetime.combine(now.date() + timedelta(days=1), time(0), tzinfo=now.tzinfo)
    return max(1, int((midnight - now).total_seconds()))


# --- e-mail verification -----------------------------------------------------------------------


def email_verification_send(
    *, key: ApiKey, email: str, confirm_url: str, now: datetime | None = None
) -> EmailClaim:
    """E-mail a signed, expiring, single-use link; pressing its button verifies the address.

    Each mailbox (canonical address, whatever alias is typed) receives at most
    `SVC_VERIFY_MAILS_PER_ADDRESS_DAY` of these per UTC day, counted by a conditional UPDATE
    before sending; past it, 429 naming `email`. A mail that then fails to send still counts.
    """
    now = now or timezone.now()
    if not _mailbox_count_up(canonical_address(email), now.date()):
        raise ApplicationError(
            status=429,
            state="rate-limited",
            field="email",
            error=(
                f"email: this mailbox was sent {settings.SVC_VERIFY_MAILS_PER_ADDRESS_DAY} "
                "verification mails today (UTC), the most it receives in a day; retry tomorrow."
            ),
            retryAfter=seconds_to_midnight(now),
        )
    claim = EmailClaim.objects.create(key=key, email=email.lower(), nonce=secrets.token_hex(16))
    token = signing.dumps({"claim": claim.pk, "nonce": claim.nonce}, salt=_VERIFY_SALT)
    link = confirm_url.format(token=token)
    hours = settings.SVC_EMAIL_TOKEN_SECONDS // 3600
    send_mail(
        subject="Confirm your e-mail address for your feed key",
        message=(
            f"Someone asked to link {email} to the key {key.prefix}…\n\n"
            f"To confirm, open this page and press the button (valid {hours} hours, once):\n"
            f"{link}\n\nIf it was not you, ignore this message: nothing changes."
        ),
        from_email=None,
        recipient_list=[email],
    )
    return claim


class TokenRefused(Exception):
    pass


@retried_on_contention
def email_verification_confirm(*, token: str, now: datetime | None = None) -> ApiKey:
    """Verify the address in a token: valid signature, not expired, not used before."""
    now = now or timezone.now()
    try:
        data = signing.loads(token, salt=_VERIFY_SALT, max_age=settings.SVC_EMAIL_TOKEN_SECONDS)
    except signing.SignatureExpired as exc:
        raise TokenRefused("This link has expired; ask for a new one.") from exc
    except signing.BadSignature as exc:
        raise TokenRefused("This link is not one the service sent.") from exc
    # Single use: the conditional UPDATE lets exactly one confirmation through.
    used = EmailClaim.objects.filter(pk=data["claim"], nonce=data["nonce"], used_at__isnull=True)
    if used.update(used_at=now) != 1:
        raise TokenRefused("This link was already used.")
    claim = EmailClaim.objects.select_related("key").get(pk=data["claim"])
    ApiKey.objects.filter(pk=claim.key_id).update(
        email=claim.email, email_canonical=canonical_address(claim.email), email_verified_at=now
    )
    claim.key.refresh_from_db()
    return claim.key


# --- the ask meter -----------------------------------------------------------------------------


def _buying(price: Price, action: str) -> dict[str, str]:
    """A 402's buying step: the tariff's words and where to write."""
    return {"action": action, "how": price.how_to_buy_text(), "contact": settings.SVC_CONTACT_EMAIL}


def asks_next_step() -> list[dict[str, str]]:
    price = Price.objects.filter(unit=Price.Unit.ASK).first()
    return [{"action": "read the tariff", "href": "/api/tariff"}] + (
        [_buying(price, "buy asks")] if price else []
    )


@retried_on_contention
def ask_charge(*, key: ApiKey | None, address: str, now: datetime | None = None) -> AskCharge:
    """Count one ask against the key's life allowance, or the address's UTC day; refuse past it."""
    now = now or timezone.now()
    if key is not None:
        charged = ApiKey.objects.filter(
            pk=key.pk, revoked_at__isnull=True, asks_used__lt=settings.SVC_ASKS_PER_KEY
        ).update(asks_used=F("asks_used") + 1)
        if not charged:
            raise ApplicationError(
                status=402,
                state="asks-exhausted",
                error=f"This key's {settings.SVC_ASKS_PER_KEY} free asks are used up.",
                next=asks_next_step(),
            )
        return AskCharge.objects.create(key=key, day=now.date())
    if not _count_up(address, now.date(), "asks_used", settings.SVC_ASKS_PER_ADDRESS_DAY):
        raise ApplicationError(
            status=401,
            state="key-required",
            error=(
                f"The anonymous allowance of {settings.SVC_ASKS_PER_ADDRESS_DAY} asks per day "
                "from this network address is used up (it resets at midnight UTC)."
            ),
        )
    return AskCharge.objects.create(address=address, day=now.date())


@retried_on_contention
def ask_refund(*, charge_id: int, now: datetime | None = None) -> bool:
    """Give the ask back if the engine failed; True the first time, False ever after."""
    now = now or timezone.now()
    if (
        AskCharge.objects.filter(pk=charge_id, refunded_at__isnull=True).update(refunded_at=now)
        != 1
    ):
        return False
    charge = AskCharge.objects.get(pk=charge_id)
    if charge.key_id:
        ApiKey.objects.filter(pk=charge.key_id).update(asks_used=F("asks_used") - 1)
    else:
        counted = allowance_address(charge.address)
        AddressDay.objects.filter(address=counted, day=charge.day).update(
            asks_used=F("asks_used") - 1
        )
    return True


# --- slots -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slots:
    paid: int
    paid_in_use: int
    opening: int  # the allowance of the key's verified address, 0 without one or after the offer
    opening_in_use: int

    @property
    def free(self) -> int:
        return self.paid - self.paid_in_use + self.opening - self.opening_in_use


def slots_of(key: ApiKey, *, today: date | None = None) -> Slots:
    today = today or timezone.now().date()
    paid = SlotGrant.objects.filter(key=key).aggregate(n=Sum("slots"))["n"] or 0
    held = SlotUse.objects.filter(released_at__isnull=True)
    opening_in_use = (
        held.filter(kind=SlotUse.Kind.OPENING, email=_allowance_of(key)).count()
        if (key.email_verified_at)
        else 0
    )
    offer = (
        settings.SVC_OPENING_SLOTS
        if key.email_verified_at and (today <= settings.SVC_OPENING_OFFER_UNTIL)
        else 0
    )
    return Slots(
        paid=max(paid, 0),
        paid_in_use=held.filter(key=key, kind=SlotUse.Kind.PAID).count(),
        opening=max(offer, opening_in_use),  # slots taken under the offer stay held after it
        opening_in_use=opening_in_use,
    )


def no_free_slot(key: ApiKey | None = None, *, today: date | None = None) -> ApplicationError:
    """The 402 of a save with no free slot: its next steps, the free one first where it applies
    (a key with no verified address while the opening offer runs), then the tariff and buying."""
    price = Price.objects.filter(unit=Price.Unit.WATCH).first()
    steps = _free_route(key, today or timezone.now().date())
    steps.append({"action": "read the tariff", "href": "/api/tariff"})
    if price:
        steps.append(_buying(price, "buy a Watch slot"))
    steps.append({"action": "free one", "href": "POST /api/v1/watches/{watchId}/retire"})
    return ApplicationError(
        status=402,
        state="no-free-slot",
        error="No free Watch slot (paid or opening offer): nothing was saved or charged.",
        next=steps,
    )


def _free_route(key: ApiKey | None, today: date) -> list[dict[str, str]]:
    """Verifying an address opens slots at no charge: named before buying, while it applies."""
    if key is None or key.email_verified_at or today > settings.SVC_OPENING_OFFER_UNTIL:
        return []
    slots, until = settings.SVC_OPENING_SLOTS, settings.SVC_OPENING_OFFER_UNTIL.isoformat()
    return [
        {
            "action": f"verify an e-mail address: {slots} opening slots at no charge "
            f"(through {until}, one allowance per address), no card",
            "href": "POST /api/keys/verify",
        }
    ]


@retried_on_contention
def slot_take(*, key: ApiKey, holder: str, today: date | None = None) -> SlotUse:
    """Take a paid slot if one is free, else one of the opening offer; 402 if neither.

    Row locks serialise takers: the key's own row for paid slots, and every key sharing the
    verified mailbox for its opening allowance (one allowance per canonical address, not per
    key or per alias). All of
    them are locked in one statement, in primary-key order, whichever key is saving: two keys of
    one address lock the same rows in the same order and cannot deadlock. `FOR NO KEY UPDATE`
    does not wait on the `FOR KEY SHARE` lock a row referencing a key (a new Watch) takes.
    """
    today = today or timezone.now().date()
    key = _lock_keys_sharing_allowance(key)
    slots = slots_of(key, today=today)
    if slots.paid_in_use < slots.paid:
        return SlotUse.objects.create(key=key, kind=SlotUse.Kind.PAID, holder=holder)
    if slots.opening_in_use < slots.opening and today <= settings.SVC_OPENING_OFFER_UNTIL:
        return SlotUse.objects.create(key=key, kind=SlotUse.Kind.OPENING,
                                      email=_allowance_of(key), holder=holder)  # fmt: skip
    raise no_free_slot(key, today=today)


def _lock_keys_sharing_allowance(key: ApiKey) -> ApiKey:
    """Lock the key and every key verified with its address, sorted by primary key; return the
    key as locked. Should its address change between the read and the lock, lock again."""
    locked = ApiKey.objects.select_for_update(no_key=True).order_by("pk")
    address = _allowance_of(ApiKey.objects.get(pk=key.pk))
    while True:
        sharing = Q(pk=key.pk)
        if address:
            sharing |= Q(email_canonical=address, email_verified_at__isnull=False)
        rows = [row for row in locked.filter(sharing) if row.pk == key.pk]
        if _allowance_of(rows[0]) in (address, None):
            return rows[0]
        address = _allowance_of(rows[0])


def _allowance_of(key: ApiKey) -> str | None:
    """The mailbox whose opening allowance the key draws on (the canonical form of its verified
    address, so `bob+1@` and `bob+2@` share one), or None without one."""
    if not key.email_verified_at or not key.email:
        return None
    return key.email_canonical or canonical_address(key.email)


def slot_release(*, holder: str, now: datetime | None = None) -> bool:
    """Free the slot a holder (a retired Watch) held; True if one was held."""
    held = SlotUse.objects.filter(holder=holder, released_at__isnull=True)
    return held.update(released_at=now or timezone.now()) == 1


def slot_grant(*, key: ApiKey, slots: int, reason: str, by: str = "") -> SlotGrant:
    return SlotGrant.objects.create(key=key, slots=slots, reason=reason, granted_by=by)
