from django.apps import AppConfig


class PagesConfig(AppConfig):
    """The pages as an app of their own, without models, so that Django finds their template
    tags (``{% load points %}``)."""

    name = "scorekeeper.pages"
    label = "scorekeeper_pages"
