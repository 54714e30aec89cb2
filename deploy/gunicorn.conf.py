"""gunicorn's settings beside the Procfile's command line (`-c deploy/gunicorn.conf.py`): what
is the same in every deployment lives here; the address and worker count stay on the line,
read from the environment.

The access log names each request by its method and path, never its query string nor its
`Referer` (which carries another page's): a URL is where a mistaken client puts its key
(refused, `billing.auth.KeyInQueryMiddleware`, but by then the request line is written), and a
log is copied and kept far longer than a request lives. Search terms stay out too.
"""

accesslog = "-"
# address, time, "METHOD /path PROTOCOL", status, bytes sent, milliseconds, request id, agent
access_log_format = (
    '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(M)sms %({x-request-id}o)s "%(a)s"'
)
