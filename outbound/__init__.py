"""The one way out: the bounded HTTP client (`fetch`) and the address policy it and the admin
share (`netguard`). Feeds, issuers, markets, Watch webhooks and the phrasing model all leave
through it.

Imports nothing of the project but `config`; everything may import it.
"""
