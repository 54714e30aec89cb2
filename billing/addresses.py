"""The mailbox an e-mail address reaches, as one string: what per-address allowances key on.

`canonical_address("Bob+news@Example.COM") == "bob@example.com"` and `canonical_address(
"B.o.b@googlemail.com") == "bob@gmail.com"`. Mail is still sent to the address as typed; only
the allowances (the opening offer, the verification mails a mailbox may receive) use this.

- Lower case throughout: domains are case-insensitive, and no mainstream provider treats the
  local part's case as a different mailbox.
- `+tag` is cut from the local part for every domain, not only the providers known to deliver
  `bob+anything` to `bob`: most hosted mail (Gmail, Outlook, Fastmail, iCloud, Proton, Zoho) and
  the common servers' defaults (Postfix `recipient_delimiter`, Exim, qmail's `-` aside) do, and
  a list of such domains would always be behind. The cost of being wrong is that two truly
  different mailboxes `bob+a@` and `bob+b@` on a rare server share one allowance; the cost of
  not cutting is an allowance per alias.
- Dots in the local part are removed only for gmail.com and googlemail.com (one domain), where
  Google documents that they do not matter; elsewhere `b.ob@` and `bob@` can be two people.
"""

GMAIL = {"gmail.com", "googlemail.com"}


def canonical_address(email: str) -> str:
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    domain = domain.rstrip(".")
    local = local.split("+", 1)[0] or local  # a local part that is all tag stays as it is
    if domain in GMAIL:
        local, domain = local.replace(".", "") or local, "gmail.com"
    return f"{local}@{domain}"
