"""Start the edge: nginx in front of gunicorn, from deploy/nginx.conf.template.

    python deploy/edge.py            # EDGE_BIND (127.0.0.1:8080) in front of BIND (127.0.0.1:8000)
    python deploy/edge.py --upstream 10.0.0.1:8000,10.0.0.2:8000   # in front of two machines
    python deploy/edge.py --access-log access.log   # or EDGE_ACCESS_LOG: requests logged, no query

Renders the template into a prefix folder (`SVC_VAR_DIR/edge`, or `--prefix`), with the cache,
temporary files, pid and error log inside it, and runs nginx in the foreground as the current
user, so `make run-stack` (honcho) supervises it like the other processes. nginx comes from
Debian's packages (`nginx-light` or `nginx`).
"""

import argparse
import os
import pwd
import shutil
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
TEMP_FOLDERS = ("body", "proxy", "fastcgi", "uwsgi", "scgi")


def render(prefix: Path, *, listen: str, upstream: str, access_log: str = "") -> Path:
    """Write the configuration and the folders it names into `prefix`; return the file.
    `upstream` is one gunicorn's address, or several comma-separated (one per machine). With
    `access_log` (a file, relative to the prefix or absolute), requests are logged there in
    the template's `svc_access` format, which holds no query string."""
    for name in TEMP_FOLDERS:
        (prefix / "tmp" / name).mkdir(parents=True, exist_ok=True)
    (prefix / "cache").mkdir(parents=True, exist_ok=True)
    servers = "\n".join(
        f"        server {address.strip()} max_fails=1 fail_timeout=10s;"
        for address in upstream.split(",")
    )
    conf = TEMPLATE.read_text().replace("@LISTEN@", listen).replace("@UPSTREAM@", servers)
    conf = conf.replace("@USER@", _user_line(prefix))
    logged = f"access_log {access_log} svc_access;" if access_log else "access_log off;"
    conf = conf.replace("@ACCESS_LOG@", logged)
    path = prefix / "nginx.conf"
    path.write_text(conf)
    return path


def _user_line(prefix: Path) -> str:
    """Started as root, nginx's workers would switch to `nobody`, who cannot reach a private
    prefix: they run as the prefix's owner instead (give it to an unprivileged user in
    production). Started as anyone else, they are that user and need no directive."""
    if os.geteuid() != 0:
        return ""
    return f"user {pwd.getpwuid(prefix.stat().st_uid).pw_name};\n"


def command(prefix: Path, conf: Path) -> list[str]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    # The global error_log is opened before the configuration is read: point it at the prefix.
    return [nginx, "-p", f"{prefix}/", "-c", str(conf), "-e", "error.log", "-g", "daemon off;"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    var = Path(os.environ.get("SVC_VAR_DIR", "var"))
    parser.add_argument("--prefix", type=Path, default=var / "edge")
    parser.add_argument("--listen", default=os.environ.get("EDGE_BIND", "127.0.0.1:8080"))
    parser.add_argument(
        "--upstream",
        default=os.environ.get("EDGE_UPSTREAM") or os.environ.get("BIND", "127.0.0.1:8000"),
        help="gunicorn's address, or several comma-separated (EDGE_UPSTREAM; else BIND)",
    )
    parser.add_argument(
        "--access-log",
        default=os.environ.get("EDGE_ACCESS_LOG", ""),
        help="log requests to this file (no query strings); none by default",
    )
    args = parser.parse_args()
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        sys.exit("edge: nginx is not installed (Debian: apt-get install nginx-light)")
    prefix = args.prefix.resolve()
    conf = render(prefix, listen=args.listen, upstream=args.upstream, access_log=args.access_log)
    argv = command(prefix, conf)
    os.execv(argv[0], argv)  # noqa: S606 (nginx, with arguments built here)


if __name__ == "__main__":
    main()
