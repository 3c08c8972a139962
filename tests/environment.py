"""The environment the tests run in, set before pytest-django reads the settings.

Loaded with ``-p tests.environment`` (pyproject.toml's addopts): a conftest is read after
pytest-django has imported scorekeeper/settings.py. The tests run with DEBUG off, as a server
does, where the public development key is refused (scorekeeper.checks): the app in the test
process, and the servers and ``manage.py`` commands the tests start, which inherit it, get a
random key of their own, new each run.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
