from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_migrate

        from scorekeeper import checks  # noqa: F401  (registers the system checks)
        from scorekeeper.pages.views.share import join_on_sign_in

        user_logged_in.connect(join_on_sign_in, dispatch_uid="scorekeeper.join_on_sign_in")
        from scorekeeper.languages.services import remember_on_sign_in

        user_logged_in.connect(remember_on_sign_in, dispatch_uid="scorekeeper.language")
        # The ledger's and the sealed setups' triggers survive SQLite's table rebuilds (see
        # chain.keep_triggers).
        from scorekeeper import chain, seal

        post_migrate.connect(chain.keep_triggers, sender=self, dispatch_uid="scorekeeper.ledger")
        post_migrate.connect(seal.keep_triggers, sender=self, dispatch_uid="scorekeeper.seal")
