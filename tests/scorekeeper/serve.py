"""The app served by a process of its own, for tests that kill it: ``python -m
tests.scorekeeper.serve PORT`` with ``DATABASE_URL`` naming the test database.

Django's own threaded development server (what ``runserver`` runs), with the test settings of
tests/conftest.py that matter over HTTP: plain http, and the cheap password hash the test
users were made with.
"""

from __future__ import annotations

import os
import sys


def main(port: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ["HTTPS"] = "0"
    import django
    from django.conf import settings

    django.setup()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application

    WSGIServer.request_queue_size = 64
    run("127.0.0.1", port, get_wsgi_application(), threading=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
