"""The schema clients are generated from: the one the server serves, valid OpenAPI."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator


def served(client: Client) -> dict[str, Any]:
    response = client.get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    body: dict[str, Any] = json.loads(response.content)
    return body


def test_clients_are_generated_from_the_served_schema(client: Client, schema: Any) -> None:
    """``./dev client`` writes the schema with ``manage.py spectacular``; the server serves
    its own copy (scorekeeper.api.docs). They are one document."""
    assert served(client) == schema


def test_the_served_schema_passes_openapi_spec_validator(client: Client) -> None:
    document = served(client)
    validator = (
        OpenAPIV31SpecValidator
        if document["openapi"].startswith("3.1")
        else OpenAPIV30SpecValidator
    )
    problems = [
        f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
        for error in validator(document).iter_errors()
    ]
    assert not problems, "\n".join(problems[:20])
