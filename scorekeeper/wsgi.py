import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# Every WSGI server (gunicorn, runserver) loads the app from here: none serves on the public
# development key with DEBUG off.
from scorekeeper.checks import refuse_the_public_key  # noqa: E402  (after Django is set up)

refuse_the_public_key()
