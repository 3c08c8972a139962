"""The environment the tests run in, set before pytest-django reads the settings.

Loaded with ``-p tests.environment`` (pyproject.toml's addopts): a conftest is read too late,
after pytest-django has imported scorekeeper/settings.py. The app runs with DEBUG off in the
tests, as in production, so it needs a secret key of its own (the development key is refused
there); a random one each run, which the servers the tests start inherit.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
