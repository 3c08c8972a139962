import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_wsgi_application()

# Every WSGI server (gunicorn, runserver) loads the app from here: none serves on the public
# development key, or on a key weaker than Django's deploy check asks for, with DEBUG off.
from scorekeeper.checks import refuse_a_weak_key  # noqa: E402  (after Django is set up)
from scorekeeper.web.chunked import ChunkedBodies  # noqa: E402

refuse_a_weak_key()
# A body sent in chunks is read (gunicorn undoes the chunks), or refused with 411: Django alone
# reads it as empty (scorekeeper/web/chunked.py).
application = ChunkedBodies(django_application)
