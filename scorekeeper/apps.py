from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"

    def ready(self) -> None:
        from scorekeeper import checks  # noqa: F401  (registers the system checks)
