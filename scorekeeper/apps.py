from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from scorekeeper import checks  # noqa: F401  (registers the system checks)
        from scorekeeper.views.share import join_on_sign_in

        user_logged_in.connect(join_on_sign_in, dispatch_uid="scorekeeper.join_on_sign_in")
