"""The Redis broker transport, as kombu's own, with one more kind of connection error.

On a Redis cut, the worker's consumer tears its channels' connection down while a pool process
may still be finishing a task: the ack that follows asks the torn-down channel for a client and
kombu raises `AttributeError: 'NoneType' object has no attribute 'hostname'` (its
`_connparams` reads the connection's `client`, now None). Celery treats any error outside the
transport's `connection_errors` as unrecoverable and the worker exits (seen by `make chaos` on
the Procfile's line, one run in two, after gossip, mingle and heartbeat were already off).
Counted as a connection error (`register`, called by `config.celery`), it sends the consumer
down Celery's own path for a lost broker: reconnect, and restore the unacknowledged messages.
kombu issue 582 reports the same path; no release fixes it.
"""

from kombu.exceptions import KombuError
from kombu.transport import TRANSPORT_ALIASES
from kombu.transport.redis import Transport as RedisTransport
from redis.exceptions import RedisError

# What a send to a broker that cannot be reached raises: kombu wraps the transport's errors in
# its OperationalError; a transport may still leak a socket error or (Redis) its own.
BROKER_ERRORS = (KombuError, OSError, RedisError)


class Transport(RedisTransport):
    connection_errors = (*RedisTransport.connection_errors, AttributeError)


def register() -> None:
    """`redis://` broker URLs resolve to this transport (kombu's alias table, which names each
    scheme's transport class), so the URLs and the worker's log read as they always did."""
    TRANSPORT_ALIASES["redis"] = f"{__name__}:Transport"
