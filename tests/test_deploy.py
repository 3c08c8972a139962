"""Production settings pass Django's deploy checks, and ``./dev check`` runs them and pip-audit.

The settings are read at import: each case reads scorekeeper/settings.py afresh with the
environment a server would have, and runs Django's deploy checks over what it gives; one case runs
the real ``manage.py check --deploy`` in a child process, as ``./dev check`` does.
"""

from __future__ import annotations

import json
import os
import runpy
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core import checks
from django.test import override_settings

ROOT = Path(__file__).resolve().parent.parent
SERVER_ENV = (
    "DEBUG",
    "HTTPS",
    "SSL_REDIRECT",
    "PROXY_SSL_HEADER",
    "SECRET_KEY",
    "DATABASE_URL",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # the browser tests set it; a server never does
)


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in SERVER_ENV}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def production(**extra: str) -> dict[str, str]:
    return {"SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "scores.example.org", **extra}


def read_settings(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> dict[str, Any]:
    """scorekeeper/settings.py as a server with this environment would read it."""
    for name in SERVER_ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "scorekeeper" / "settings.py"))


DEPLOY_KEYS = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "MIDDLEWARE", "X_FRAME_OPTIONS")


def deploy_warnings(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> list[str]:
    """Django's deploy checks, at WARNING and above, over the settings this environment gives."""
    read = read_settings(monkeypatch, env)
    keys = [k for k in read if k in DEPLOY_KEYS or k.startswith(("SECURE_", "SESSION_", "CSRF_"))]
    with override_settings(**{k: read[k] for k in keys}):
        found = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.security])
    return [m.id or "" for m in found if m.level >= checks.WARNING]


def test_production_settings_pass_the_deploy_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert deploy_warnings(monkeypatch, production()) == []


def test_manage_check_deploy_passes_as_dev_check_runs_it() -> None:
    """The real command in a fresh process, as ./dev check runs it."""
    done = manage("check", "--deploy", "--fail-level", "WARNING", **production())
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("env", "warning"),
    [
        ({"SECRET_KEY": ""}, "security.W009"),  # the development key
        ({"SECRET_KEY": ""}, "scorekeeper.E006"),  # ...which a server refuses to start on
        ({"DEBUG": "1"}, "security.W018"),
        ({"HTTPS": "0"}, "security.W004"),  # no HSTS, cookies not secure, no redirect
    ],
    ids=["no secret", "no secret refused", "debug", "no https"],
)
def test_the_deploy_checks_catch_an_unsafe_server(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], warning: str
) -> None:
    assert warning in deploy_warnings(monkeypatch, production(**env))


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, [True, ("HTTP_X_FORWARDED_PROTO", "https"), True, True]),
        ({"SSL_REDIRECT": "0"}, [False, ("HTTP_X_FORWARDED_PROTO", "https"), True, True]),
        ({"PROXY_SSL_HEADER": ""}, [True, None, True, True]),
        ({"PROXY_SSL_HEADER": "X-Scheme"}, [True, ("HTTP_X_SCHEME", "https"), True, True]),
        ({"DEBUG": "1"}, [False, None, False, False]),
    ],
    ids=["default", "proxy redirects", "tls here", "other header", "dev server"],
)
def test_https_settings_follow_the_environment(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: list[object]
) -> None:
    s = read_settings(monkeypatch, production(**env))
    shown = [
        s["SECURE_SSL_REDIRECT"],
        s["SECURE_PROXY_SSL_HEADER"],
        s["SESSION_COOKIE_SECURE"],
        s["SECURE_HSTS_SECONDS"] > 0,
    ]
    assert shown == expected


def test_dev_check_runs_the_deploy_checks_and_pip_audit() -> None:
    script = (ROOT / "dev").read_text()
    body = script.split("cmd_check() {", 1)[1].split("\n}\n", 1)[0]
    assert "deploy_check" in body and "audit" in body
    assert "check --deploy --fail-level WARNING" in script
    assert "pip-audit" in script and "-r requirements.lock" in script


@pytest.fixture
def fake_checkout(tmp_path: Path) -> Path:
    """The dev script beside a .venv whose pip-audit is a stand-in answering from AUDIT_JSON."""
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    (tmp_path / "requirements.lock").write_text("django==6.1.3\n")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (tmp_path / ".venv" / ".requirements.lock").write_text("django==6.1.3\n")
    (bin_dir / "python").symlink_to(sys.executable)
    audit = bin_dir / "pip-audit"
    audit.write_text(
        "#!/bin/sh\n"
        'while [ $# -gt 0 ]; do if [ "$1" = --output ]; then out=$2; fi; shift; done\n'
        'printf %s "$AUDIT_JSON" > "$out"\n'
        'case "$AUDIT_JSON" in *GHSA*) exit 1;; esac\n'
    )
    audit.chmod(0o755)
    return tmp_path


def run_audit(
    checkout: Path, report: dict[str, object], **env: str
) -> subprocess.CompletedProcess[str]:
    bash = shutil.which("bash")
    assert bash
    return subprocess.run(
        [bash, str(checkout / "dev"), "audit"],
        env={"PATH": os.environ["PATH"], "AUDIT_JSON": json.dumps(report), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_audit_passes_a_clean_report(fake_checkout: Path) -> None:
    clean = {"dependencies": [{"name": "django", "version": "6.1.3", "vulns": []}]}
    done = run_audit(fake_checkout, clean)
    assert done.returncode == 0, done.stderr
    assert "1 of 1 pinned packages audited, 0 known vulnerabilities" in done.stderr


def test_audit_fails_on_a_known_vulnerability(fake_checkout: Path) -> None:
    vuln = {"id": "GHSA-xxxx-yyyy-zzzz", "fix_versions": ["6.1.4"], "aliases": []}
    report = {"dependencies": [{"name": "django", "version": "6.1.3", "vulns": [vuln]}]}
    done = run_audit(fake_checkout, report)
    assert done.returncode != 0
    assert "django 6.1.3: GHSA-xxxx-yyyy-zzzz" in done.stderr


def test_audit_says_what_it_could_not_audit(fake_checkout: Path) -> None:
    report = {"dependencies": [{"name": "django", "skip_reason": "Dependency not found on PyPI"}]}
    done = run_audit(fake_checkout, report)
    assert done.returncode == 0
    assert "0 of 1 pinned packages audited" in done.stderr
    assert run_audit(fake_checkout, report, PIP_AUDIT_STRICT="1").returncode != 0
