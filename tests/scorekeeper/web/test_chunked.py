"""A body sent in chunks is read, or refused with 411, never read as empty (issue 26: gunicorn
passed a chunked body on and Django read it as nothing). Over HTTP against the servers the
tests start (tests/scorekeeper/serve.py): ``./dev serve`` (gunicorn), and the development
server, which passes chunks on undone; and the WSGI wrapper alone, for its edges."""

from __future__ import annotations

import http.client
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings

from scorekeeper.web.chunked import ChunkedBodies
from tests.scorekeeper.serve import ProductionServer, Server

MELD = {"cards": "4C JK=5C 6C", "other_hand_sizes": [3, 9]}
PATH = "/api/v1/adjudicate/bridge-rummy/meld/"


def in_chunks(data: bytes, size: int = 7) -> Iterator[bytes]:
    for start in range(0, len(data), size):
        yield data[start : start + size]


def post_chunked(url: str, path: str, data: bytes) -> tuple[int, bytes]:
    """POST ``data`` in chunks (http.client sends an iterable body with Transfer-Encoding:
    chunked and no Content-Length)."""
    host = url.removeprefix("http://")
    connection = http.client.HTTPConnection(host, timeout=30)
    try:
        connection.request(
            "POST",
            path,
            body=in_chunks(data),
            headers={"Content-Type": "application/json", "Accept": "application/json"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_gunicorn_reads_a_body_sent_in_chunks(production_server: ProductionServer) -> None:
    status, body = post_chunked(production_server.url, PATH, json.dumps(MELD).encode())
    assert status == 200, body
    assert json.loads(body)["cards"] == "4C JK=5C 6C"


def test_gunicorn_refuses_a_chunked_body_past_what_it_reads_in_memory(
    production_server: ProductionServer,
) -> None:
    huge = b" " * ((settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0) + 1) + json.dumps(MELD).encode()
    status, body = post_chunked(production_server.url, PATH, huge)
    assert status == 411, body
    assert json.loads(body)["code"] == "length_required"


@pytest.mark.django_db(transaction=True)
def test_the_development_server_refuses_a_body_it_cannot_read(tmp_path: Any) -> None:
    # It passes the chunks on as they came: what the app gets is not the body.
    server = Server(tmp_path / "server.log")
    server.start()
    try:
        status, body = post_chunked(server.url, PATH, json.dumps(MELD).encode())
    finally:
        server.stop()
    assert status == 411, body
    error = json.loads(body)
    assert error == {
        "type": "about:blank",
        "title": "Length Required",
        "status": 411,
        "detail": "This server cannot read a body sent in chunks. Send it with a Content-Length "
        "header.",
        "code": "length_required",
        "message": "This server cannot read a body sent in chunks. Send it with a Content-Length "
        "header.",
        "field": None,
    }


def _seen(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """An app that answers with the length it was given and the body it read."""
    length = environ.get("CONTENT_LENGTH", "")
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [f"{length}:".encode() + environ["wsgi.input"].read(int(length or 0))]


def call(environ: dict[str, Any]) -> tuple[str, bytes]:
    statuses: list[str] = []
    body = b"".join(ChunkedBodies(_seen)(environ, lambda status, headers: statuses.append(status)))
    return statuses[0], body


@pytest.mark.parametrize(
    ("environ", "status", "body"),
    [
        pytest.param(
            {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True},
            "200 OK",
            b"5:hello",
            id="read-and-given-its-length",
        ),
        pytest.param(
            {"HTTP_TRANSFER_ENCODING": "chunked"},
            "411 Length Required",
            b"This server cannot read a body sent in chunks.",
            id="a-server-that-passes-chunks-on",
        ),
        pytest.param(
            {"CONTENT_LENGTH": "3"}, "200 OK", b"3:hel", id="a-body-with-its-length-untouched"
        ),
    ],
)
def test_the_wrapper(environ: dict[str, Any], status: str, body: bytes) -> None:
    got = call({"PATH_INFO": "/nights/", "wsgi.input": io.BytesIO(b"hello"), **environ})
    assert got[0] == status
    assert got[1].startswith(body)
