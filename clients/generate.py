"""Generate the API's clients from the schema the server serves (``./dev client``).

Writes, all of it generated and none of it committed (.gitignore):

- ``clients/openapi.json``: the schema, as ``manage.py spectacular`` builds it, the same
  document GET /api/v1/schema/ serves (tests/clients checks that they are equal);
- ``clients/python/``: a Python package, ``scorekeeper_client``, made by openapi-python-client
  with its own pyproject.toml, so a script's environment can ``pip install ./clients/python``;
- ``clients/typescript/schema.d.ts``: TypeScript types, made by openapi-typescript.

A generator's warning is a failure here: openapi-python-client leaves out, with only a warning,
every operation whose body it cannot model, and a client missing its record-a-hand call is no
client. tests/clients runs the same functions in CI.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "clients"
PYTHON_CONFIG = HERE / "openapi-python-client.yaml"
PACKAGE = "scorekeeper_client"
NODE_BIN = ROOT / "node_modules" / ".bin"


class GeneratorFailed(RuntimeError):
    """A generator could not run, or made nothing; the message holds what it printed."""


def _run(command: list[str], *, env: dict[str, str] | None = None) -> tuple[int, str]:
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8"
    )
    return done.returncode, (done.stdout + done.stderr).strip()


def write_schema(path: Path) -> Path:
    """Write the served schema as JSON to ``path``, with production settings (DEBUG off, a
    throwaway secret key unless one is given: the schema depends on neither)."""
    env = dict(os.environ)
    env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    env["DEBUG"] = "0"
    path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "manage.py", "spectacular", "--format", "openapi-json"]
    # Validity is tests/clients' part (openapi-spec-validator, stricter than --validate).
    status, output = _run([*command, "--fail-on-warn", "--file", str(path)], env=env)
    if status != 0:
        raise GeneratorFailed(f"manage.py spectacular exited {status}:\n{output}")
    return path


# The first line of each of openapi-python-client's complaints (the rest is the schema part).
_HEADLINES = ("WARNING", "Warning(s)", "Unable to", "Could not", "Failure", "Invalid", "Skipping")


def headlines(output: str) -> list[str]:
    """The complaints in a generator's output, each once with how often it came."""
    counts: dict[str, int] = {}
    for line in output.splitlines():
        line = re.sub(r" at 0x[0-9a-f]+>", ">", line.strip())
        if line.startswith(_HEADLINES):
            counts[line] = counts.get(line, 0) + 1
    return [f"{line} (x{n})" if n > 1 else line for line, n in counts.items()]


def generate_python(schema: Path, out: Path) -> list[str]:
    """Generate the Python client into ``out`` (replaced whole). Returns the generator's
    warnings, empty on a clean run; raises :class:`GeneratorFailed` if it made no package.

    With warnings the package is still written, less every operation and model it could not
    make (so a test can say which)."""
    if out.exists():
        shutil.rmtree(out)
    # The generator formats its output with ruff, found on PATH: the environment's own.
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    generator = shutil.which("openapi-python-client", path=env["PATH"])
    if generator is None:
        raise GeneratorFailed("openapi-python-client is not installed: ./dev install")
    status, output = _run(
        [
            generator,
            "generate",
            "--path",
            str(schema),
            "--config",
            str(PYTHON_CONFIG),
            "--meta",
            "uv",
            "--output-path",
            str(out),
            "--fail-on-warning",
        ],
        env=env,
    )
    if not (out / PACKAGE / "client.py").exists():
        raise GeneratorFailed(f"openapi-python-client made no client (exit {status}):\n{output}")
    # A clean run exits 0 and prints only this line.
    if status == 0 and output == f"Generating {out}":
        return []
    return headlines(output) or [output]


def generate_typescript(schema: Path, out: Path) -> list[str]:
    """Generate ``out`` (a .d.ts) with openapi-typescript from node_modules (``npm ci``).
    Returns its warnings (anything it says beyond its two lines), empty on a clean run."""
    tool = NODE_BIN / "openapi-typescript"
    if not tool.exists():
        raise GeneratorFailed(f"{tool} is missing: ./dev install runs npm ci (needs node)")
    out.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"}
    # --default-non-nullable false: a field with a default is one a client may leave out (the
    # server fills it in: an amendment's note); openapi-typescript 7 would make it required.
    command = [str(tool), str(schema), "--output", str(out), "--default-non-nullable", "false"]
    status, output = _run(command, env=env)
    if status != 0 or not out.exists():
        raise GeneratorFailed(f"openapi-typescript exited {status}:\n{output}")
    said = [line for line in output.splitlines() if line.strip()]
    clean = len(said) == 2 and "openapi-typescript" in said[0] and str(out) in said[1]
    return [] if clean else said


def main() -> int:
    try:
        schema = write_schema(HERE / "openapi.json")
        print(f"The schema: {schema.relative_to(ROOT)}")
        failed = False
        for what, made, warnings in (
            ("Python client", "clients/python", generate_python(schema, HERE / "python")),
            (
                "TypeScript types",
                "clients/typescript/schema.d.ts",
                generate_typescript(schema, HERE / "typescript" / "schema.d.ts"),
            ),
        ):
            if warnings:
                failed = True
                print(f"{what}: {made}, with warnings (a warning is a failure):", file=sys.stderr)
                for line in warnings:
                    print(f"  {line}", file=sys.stderr)
            else:
                print(f"{what}: {made}")
    except GeneratorFailed as error:
        print(error, file=sys.stderr)
        return 1
    if not failed:
        print(f"A script uses the client with: pip install ./clients/python ({PACKAGE})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
