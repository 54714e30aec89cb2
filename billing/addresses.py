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
- A quoted local part is unquoted (`"ann"@` and `ann@` are one mailbox, RFC 5321 4.1.2: the
  quotes and backslash escapes are syntax, not part of the name), then treated as any other.
- An internationalised domain is written in its ASCII (punycode) form, UTS #46 mapped, so
  `ann@bücher.example` and `ann@xn--bcher-kva.example` are one mailbox.
- A domain literal (`ann@[203.0.113.9]`) names a host, not a domain: one server has countless
  literal spellings (v4, v6, mapped) and no provider hands them out as addresses, so the
  service refuses them where an address is typed (`mailbox_refusal`) and never counts one.
"""

import idna

GMAIL = {"gmail.com", "googlemail.com"}


def canonical_address(email: str) -> str:
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    domain = ascii_domain(domain.rstrip("."))
    local = unquoted(local)
    local = local.split("+", 1)[0] or local  # a local part that is all tag stays as it is
    if domain in GMAIL:
        local, domain = local.replace(".", "") or local, "gmail.com"
    return f"{local}@{domain}"


def unquoted(local: str) -> str:
    """`"a\\"b"` -> `a"b`: the quoted string's content, escapes resolved; others unchanged."""
    if len(local) < 2 or not (local.startswith('"') and local.endswith('"')):
        return local
    content, out, escaped = local[1:-1], [], False
    for char in content:
        if escaped or char != "\\":
            out.append(char)
            escaped = False
        else:
            escaped = True
    return "".join(out) or local


def ascii_domain(domain: str) -> str:
    """The domain's ASCII form (`bücher.example` -> `xn--bcher-kva.example`), lower case; one
    that is not a valid IDNA name is kept as typed (`mailbox_refusal` turns it away)."""
    if domain.isascii():
        return domain.lower()
    try:
        return idna.encode(domain, uts46=True).decode("ascii")
    except idna.IDNAError:
        return domain.lower()


def mailbox_refusal(email: str) -> str | None:
    """Why an address typed for verification cannot be counted as a mailbox, or None."""
    domain = email.strip().rpartition("@")[2]
    if domain.startswith("["):
        return "a domain literal ([address]) is not accepted; give an address at a domain name"
    if not domain.isascii() and ascii_domain(domain.rstrip(".")) == domain.rstrip(".").lower():
        return "the domain is not a valid internationalised domain name"
    return None
