"""An installed wheel (not the checkout) finds its ontology, lexicon, shapes, queries and corpus."""

from __future__ import annotations

import site
import subprocess
import venv
from pathlib import Path

import pytest

from .conftest import REPO


@pytest.mark.slow
def test_wheel_installed_in_a_fresh_venv_builds_from_another_directory(tmp_path: Path):
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    # Dependencies come from this environment (a .pth file) so the test needs no network;
    # ritegraph itself is built and installed as a wheel with --no-deps.
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    site_dir = subprocess.check_output(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    ).strip()
    (Path(site_dir) / "deps.pth").write_text("\n".join(deps) + "\n")
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    str(REPO)], check=True, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.check_output([python, "-c", "import ritegraph; print(ritegraph.__file__)"],
                                    text=True, cwd=elsewhere).strip()
    assert where.startswith(str(env)), where
    ritegraph = env / "bin" / "ritegraph"
    subprocess.run([ritegraph, "build", "-q"], check=True, cwd=elsewhere)
    out = subprocess.check_output([ritegraph, "stats"], text=True, cwd=elsewhere)
    assert "公食大夫礼" in out
    assert (elsewhere / "ritegraph-data" / "current").is_symlink()
    data = Path(where).parent / "_data"
    for name in ("ontology", "ingest", "shapes", "queries", "corpus", "checks"):
        assert (data / name).is_dir(), name
