"""gunicorn's settings for Scorekeeper (``./dev serve`` and ``bench/load.py`` use them; so does a
server: ``gunicorn scorekeeper.wsgi`` run from the repository reads this file).

The app's own settings come from the environment too (scorekeeper/settings.py lists them): a
server needs at least ``SECRET_KEY`` (a long random value, the same on every app server) and
``ALLOWED_HOSTS``; without a secret key the app refuses to start and says so.

Each can be changed from the environment, as the app's own settings are:

| variable          | default          | meaning                                             |
| ----------------- | ---------------- | --------------------------------------------------- |
| BIND              | 127.0.0.1:8000   | where to listen; behind a reverse proxy, loopback   |
| WEB_CONCURRENCY   | 2 per CPU core   | worker processes (gunicorn reads it itself too)     |
| GUNICORN_THREADS  | 1                | threads per worker; more than 1 uses gthread        |
| GUNICORN_TIMEOUT  | 30               | seconds before a silent worker is restarted         |

Sync workers, two per core: every request here is short (the slowest, a game page, is a few
tens of milliseconds of CPU), so a worker is never held waiting on anything but the database,
and the reverse proxy in front buffers slow phones. Measured with ``bench/load.py
--duration 5 --phones 20 --tables 5 --saturate 6`` on the 2-core machine (2026-11-22, other
test suites running; req/s of /ping/, the unchanged poll, a changed board, the game page):

- 2 sync workers: 456, 212, 29, 21;
- 4 sync workers: 566, 602, 33, 41;
- 2 gthread workers of 4 threads: 1751, 865, 53, 26.

The threaded figures gain most from keep-alive, which wrk's clients use and a reverse proxy by
default does not (nginx speaks HTTP/1.0 to its upstream: one request per connection), so sync
workers stay the default; ``GUNICORN_THREADS`` turns threads on where a proxy keeps
connections alive. Measure again with ``bench/load.py`` before changing this.
"""

import multiprocessing
import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count())
threads = int(os.environ.get("GUNICORN_THREADS") or 1)
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 30)
# Load the app once in the master, before forking: workers start at once and share its pages.
preload_app = True
# The proxy in front keeps connections to phones; to it, one request per connection is enough.
keepalive = 2
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None  # "-" for standard output
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()
# The trick preview sends the whole deal form in its query (up to 12 tricks of 200 characters,
# percent-encoded): past gunicorn's default of 4094 it got gunicorn's HTML 414. 8190 is the most
# gunicorn takes; tests/scorekeeper/test_request_line.py checks the longest line the pages build
# fits. A longer line is still a 414 (HTML, not the API's JSON: the API takes its input in bodies).
limit_request_line = 8190
