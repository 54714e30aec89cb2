# Shared by the CI scripts that need a live server. Source it, then `demo_sqlite` (or a
# database of your own, migrated and loaded) and `serve WORKERS [options]`.

# demo_sqlite: the demo registry in a fresh SQLite database, with the embedded broker's folder,
# both in $work (removed on exit); no Redis.
demo_sqlite() {
  work=$(mktemp -d)
  cleanup() { rm -rf "$work"; }
  trap cleanup EXIT
  export DATABASE_URL="sqlite:///$work/demo.sqlite3" SVC_VAR_DIR="$work/var"
  mkdir -p "$work/var/static"  # no collectstatic: nothing here fetches a static file
  unset REDIS_URL
  .venv/bin/python manage.py migrate -v0
  .venv/bin/python manage.py load_demo >/dev/null
}

# serve WORKERS [gunicorn options...]: gunicorn on a free port of its own (never another run's
# server), in $port and $server; stopped on exit, after the caller's `cleanup` if it has one.
serve() {
  local workers=$1; shift
  port=$(.venv/bin/python -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  .venv/bin/python -m gunicorn config.wsgi --bind "127.0.0.1:$port" --workers "$workers" \
    --log-level warning "$@" &
  server=$!
  trap 'kill $server; if declare -F cleanup >/dev/null; then cleanup; fi' EXIT
  for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.2; done
  kill -0 "$server" 2>/dev/null || { echo "the server did not start" >&2; exit 1; }
}
