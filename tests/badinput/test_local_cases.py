"""The bad-input catalogue, local half (issue 15): corpus files, manifests and stores.

One case per row of ``CASES``: what is broken (written into ``tmp_path``), the command, the
expected exit code and message fragment, and the outcome class ("clear error": exit 2 with a
message naming the place; "handled": the input is read correctly or the store is kept safe,
exit 0). For every failed build the store built before (from a tiny corpus, once per module)
must still be current, with the same build, and queryable. No case may print a traceback.

The remote half (endpoints, push, ``--data``) lives in its own file of this directory.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
import pytest

from ritegraph.cli import COMMANDS, main
from ritegraph.store import MARKER, open_store

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "tests" / "fixtures" / "readers" / "004_start.txt"
SEED_MANIFEST = REPO / "tests" / "fixtures" / "seed-corpus" / "corpus.toml"
HEAD = SEED_MANIFEST.read_text(encoding="utf-8").partition("\n[[file]]\n")[0]
ENTRY = ('\n[[file]]\nname = "004_x.txt"\nformat = "注疏"\nedition = "seed-zhushu"\n'
         'juan = ["卷二十"]\nrites = [{ rite = "pinli" }]\n')
TEXT = SOURCE.read_text(encoding="utf-8")


# --- fixtures: a tiny good corpus and the store built from it --------------------------------


def write_corpus(directory: Path, manifest: str | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "004_x.txt").write_text(TEXT, encoding="utf-8")
    (directory / "corpus.toml").write_text(HEAD + ENTRY if manifest is None else manifest,
                                           encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def good_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    corpus = write_corpus(tmp_path_factory.mktemp("good-corpus"))
    store = tmp_path_factory.mktemp("good-store") / "store"
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    return store


def copy_store(store: Path, target: Path) -> Path:
    shutil.copytree(store, target, symlinks=True)
    return target


def current_id(store: Path) -> str:
    return (store / "current").resolve().name


def assert_intact(store: Path, build_id: str) -> None:
    """The previous build is still current and answers a query."""
    assert current_id(store) == build_id
    rows = list(open_store(store).query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"))
    assert int(rows[0]["n"].value) > 1000


# --- corpus and manifest damage ----------------------------------------------------------------


def text_file(data: bytes | str, name: str = "004_x.txt") -> Callable[[Path], None]:
    def damage(corpus: Path) -> None:
        path = corpus / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return damage


def manifest(old: str, new: str) -> Callable[[Path], None]:
    def damage(corpus: Path) -> None:
        path = corpus / "corpus.toml"
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return damage


def extra_file(name: str, data: str, entry: str | None = None) -> Callable[[Path], None]:
    """Add a file (and a manifest entry for it, when given)."""
    def damage(corpus: Path) -> None:
        path = corpus / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data, encoding="utf-8")
        if entry is not None:
            with (corpus / "corpus.toml").open("a", encoding="utf-8") as out:
                out.write(entry)
    return damage


def entry_for(name: str, extra: str = "", fmt: str = "注疏") -> str:
    return (f'\n[[file]]\nname = "{name}"\nformat = "{fmt}"\n{extra}'
            'rites = [{ rite = "pinli" }]\n')


def symlink_out(corpus: Path) -> None:
    outside = corpus.parent / "outside.txt"
    outside.write_text(TEXT, encoding="utf-8")
    (corpus / "005_link.txt").symlink_to(outside)
    with (corpus / "corpus.toml").open("a", encoding="utf-8") as out:
        out.write(entry_for("005_link.txt"))


def directory_named_txt(corpus: Path) -> None:
    (corpus / "004_x.txt").unlink()
    (corpus / "004_x.txt").mkdir()


def whole_manifest(text: str | bytes) -> Callable[[Path], None]:
    def damage(corpus: Path) -> None:
        path = corpus / "corpus.toml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return damage


def append(text: str) -> Callable[[Path], None]:
    def damage(corpus: Path) -> None:
        with (corpus / "corpus.toml").open("a", encoding="utf-8") as out:
            out.write(text)
    return damage


def prepend(text: str) -> Callable[[Path], None]:
    def damage(corpus: Path) -> None:
        path = corpus / "corpus.toml"
        path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")
    return damage


def no_files(corpus: Path) -> None:
    (corpus / "004_x.txt").unlink()
    (corpus / "corpus.toml").write_text(HEAD, encoding="utf-8")


def no_manifest(corpus: Path) -> None:
    (corpus / "corpus.toml").unlink()


def _crlf(corpus: Path) -> None:
    (corpus / "004_x.txt").write_bytes(TEXT.replace("\n", "\r\n").encode("utf-8"))


KANRIPO_UNKNOWN = "# -*- mode: mandoku-view; -*-\n#+PROPERTY: ID KR9z9999\n經文¶\n"
KANRIPO_AFTER_KAOZHENG = ("#+PROPERTY: ID KR1d0028\n#+PROPERTY: JUAN 卷八\n聘禮○君與卿圖事¶\n"
                          "#+PROPERTY: JUAN 卷八考證\n考證¶\n#+PROPERTY: JUAN 卷九\n經文¶\n")
SLUG = 'x> <http://a/b> <http://c/d> \\"e\\" .\\n<http://f/g'
INJECTED_RITE = ('\n[[rite]]\nslug = "' + SLUG + '"\nlabel = "a"\nlabel_hant = "a"\n'
                 'pinyin = "a"\nenglish = "a"\nchapter = 9\n')


@dataclass(frozen=True)
class Case:
    id: str
    damage: Callable[[Path], None]
    message: str  # a fragment the error (or nothing, for "handled") must contain
    code: int = 2
    outcome: str = "clear error"


BUILD_CASES = [
    # corpus files
    Case("empty file", text_file(b""), "004_x.txt: file is empty"),
    Case("only U+3000, NBSP and spaces", text_file("\u3000\u3000\u00a0  \n\u3000\n"),
         "file is empty (whitespace only)"),
    Case("only zero-width spaces", text_file("\u200b\u200b\n"), "file is empty"),
    Case("NUL byte", text_file(TEXT[:100] + "\x00" + TEXT[100:]),
         "004_x.txt:5:27: control character U+0000"),
    Case("ESC control character", text_file("夫人\x1b[31m使\n"), "004_x.txt:1:3: control "
         "character U+001B"),
    Case("noncharacter U+FFFF", text_file("夫人\n使\uffff\n"), "004_x.txt:2:2: control character"),
    Case("CR-only line ends (old Mac)", text_file(TEXT.replace("\n", "\r")),
         "004_x.txt:1:14: carriage return without line feed"),
    Case("CRLF line ends", _crlf, "", code=0, outcome="handled"),
    Case("byte-order mark", text_file("\ufeff" + TEXT), "004_x.txt:1:1: file starts with a "
         "byte-order mark"),
    Case("GBK encoding", text_file(TEXT[:300].encode("gbk", errors="replace")),
         "004_x.txt:1:1: not valid UTF-8"),
    Case("UTF-16 encoding", text_file(TEXT[:300].encode("utf-16")), "not valid UTF-8"),
    Case("lone surrogate bytes", text_file("夫人".encode() + b"\xed\xa0\x80\n"),
         "004_x.txt:1:7: not valid UTF-8"),
    Case("truncated character at the end", text_file(TEXT.encode()[:-1] + "使".encode()[:2]),
         "not valid UTF-8"),
    Case("a directory where a file is listed", directory_named_txt, "manifest names 004_x.txt, "
         "which is not in"),
    Case("file not in the manifest", extra_file("005_new.txt", TEXT), "005_new.txt is in the "
         "corpus but not in the manifest"),
    Case("manifest names a missing file", manifest('name = "004_x.txt"', 'name = "004_y.txt"'),
         "manifest names 004_y.txt, which is not in"),
    Case("listed symlink leaving the corpus", symlink_out, "'005_link.txt' points outside the "
         "corpus directory"),
    Case("Kanripo file of an unknown edition",
         extra_file("KR9z/KR9z9999_001.txt", KANRIPO_UNKNOWN,
                    entry_for("KR9z/KR9z9999_001.txt", 'id = "KR9z9999_001"\n', "kanripo")),
         "KR9z9999_001.txt:1:1: no Kanripo edition conventions for this file (ID KR9z9999)"),
    Case("Kanripo 注疏 text after its 考證",
         extra_file("KR1d0028/KR1d0028_008.txt", KANRIPO_AFTER_KAOZHENG,
                    entry_for("KR1d0028/KR1d0028_008.txt", 'id = "KR1d0028_008"\n', "kanripo")),
         "KR1d0028_008.txt:7:1: chapter text after the 考證"),
    # manifests
    Case("no manifest", no_manifest, "corpus.toml: corpus manifest not found"),
    Case("manifest not TOML", whole_manifest("[[file]\nname = "), "manifest is not valid TOML"),
    Case("manifest not UTF-8", whole_manifest("name = '卷'".encode("gbk")),
         "manifest is not valid TOML"),
    Case("unknown top-level key", prepend("files = 3\n"),
         "the manifest has unknown key(s) files"),
    Case("unknown key in a file entry", manifest('format = "注疏"', 'format = "注疏"\nlang = "x"'),
         "[[file]] #1 has unknown key(s) lang"),
    Case("rites = [{}]", manifest('rites = [{ rite = "pinli" }]', "rites = [{}]"),
         "004_x.txt: rite #1 lacks rite"),
    Case("name = 5", manifest('name = "004_x.txt"', "name = 5"),
         "[[file]] #1: name must be a non-empty string, not 5"),
    Case('chapter = "five"', manifest("chapter = 8", 'chapter = "five"'),
         "chapter must be an integer, not 'five'"),
    Case('translation = "false"', manifest('format = "注疏"', 'format = "注疏"\ntranslation = '
         '"false"'), "translation must be true or false, not 'false'"),
    Case('juan = "卷六"', manifest('juan = ["卷二十"]', 'juan = "卷六"'),
         "juan must be a list of strings, not '卷六'"),
    Case("juan = [6]", manifest('juan = ["卷二十"]', "juan = [6]"), "juan must be a list of "
         "strings"),
    Case("edition = 5", manifest('edition = "seed-zhushu"', "edition = 5"),
         "edition must be a non-empty string, not 5"),
    Case("edition not declared", manifest('edition = "seed-zhushu"', 'edition = "nowhere"'),
         "edition 'nowhere' is not an [[edition]] id"),
    Case("unknown format", manifest('format = "注疏"', 'format = "石经"'),
         "unknown edition format '石经'"),
    Case("unknown rite", manifest('rite = "pinli"', 'rite = "nosuchrite"'),
         "names unknown rite 'nosuchrite'"),
    Case("from_heading = 5", manifest('{ rite = "pinli" }', '{ rite = "pinli", from_heading = '
         "5 }"), "from_heading must be a non-empty string, not 5"),
    Case("rite = 5 (not an array of tables)", whole_manifest("rite = 5\n" + ENTRY),
         "rite must be an array of tables ([[rite]])"),
    Case("a [[rite]] without label", manifest('label = "聘礼"\n', ""), "[[rite]] #3 lacks label"),
    Case("rite listed twice", append('\n[[rite]]\nslug = "pinli"\nlabel = "a"\nlabel_hant = "a"'
         '\npinyin = "a"\nenglish = "a"\nchapter = 8\n'), "rite 'pinli' is listed twice"),
    Case("no files", no_files, "the manifest lists no files"),
    Case("name ../../../../etc/passwd", manifest('name = "004_x.txt"',
         'name = "../../../../etc/passwd"'), "'../../../../etc/passwd' points outside the "
         "corpus directory"),
    Case("absolute name", manifest('name = "004_x.txt"', 'name = "/etc/passwd"'),
         "'/etc/passwd' points outside the corpus directory"),
    Case("002_a and 002_b mint one document IRI",
         lambda c: [extra_file(n, TEXT, entry_for(n))(c) for n in ("002_a.txt", "002_b.txt")],
         "002_a.txt and 002_b.txt would both be document '002'"),
    Case("rite slug injecting a quad", append(INJECTED_RITE), "rite slug 'x> <http://a/b>"),
    Case("document id injecting a quad", manifest('format = "注疏"', 'format = "注疏"\n'
         'id = "x> <http://a/b"'), "document id 'x> <http://a/b' is not a safe identifier"),
    Case("file name stem that is no identifier", lambda c: extra_file(
         "0 0>_x.txt", TEXT, entry_for("0 0>_x.txt"))(c),
         "the document id taken from its name '0 0>' is not a safe identifier"),
    Case("collection source that is no IRI", append('\n[[collection]]\nid = "c"\nprefix = "x/"'
         '\ntitle = "t"\nsource = "https://a> <b"\nversion = "1"\nlicence = '
         '"https://creativecommons.org/licenses/by-sa/4.0/"\ncredit = "c"\n'),
         "source 'https://a> <b' is not an absolute IRI"),
]


@pytest.mark.parametrize("case", BUILD_CASES, ids=[c.id for c in BUILD_CASES])
def test_build_on_bad_input(case: Case, good_store: Path, tmp_path: Path, capsys) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    case.damage(corpus)
    store = good_store if case.code else copy_store(good_store, tmp_path / "store")
    before = current_id(store)
    capsys.readouterr()
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == case.code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert case.message in err
    if case.code:
        assert err.startswith("ritegraph build: error: ") and err.count("\n") == 1
        assert_intact(store, before)
    else:
        assert current_id(store) != before and len(open_store(store)) > 1000


def test_crlf_offsets_stay_code_points_into_the_file_as_read(tmp_path: Path) -> None:
    """The handled CRLF case: quotes are still exact slices of the text with its CRs."""
    from ritegraph.corpus import load_manifest, read_text
    from ritegraph.readers import reader_for

    corpus = write_corpus(tmp_path / "corpus")
    _crlf(corpus)
    file = load_manifest(corpus).files[0]
    text = read_text(file.path)
    result = reader_for(file)(file, text)
    assert "\r\n" in text and all(p.text == text[p.start:p.end] for p in result.passages)
    lf = reader_for(file)(file, TEXT)
    assert len(result.sections) == len(lf.sections) >= 1


def test_size_limit(good_store: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    """A file above the limit (here lowered to 1,000 bytes) is refused before it is read."""
    monkeypatch.setenv("RITEGRAPH_MAX_FILE_BYTES", "1000")
    corpus = write_corpus(tmp_path / "corpus")
    before = current_id(good_store)
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(good_store)]) == 2
    err = capsys.readouterr().err
    assert f"004_x.txt: file is {len(TEXT.encode()):,} bytes, above the limit of 1,000" in err
    assert_intact(good_store, before)


# --- stores -------------------------------------------------------------------------------------


def test_current_pointing_outside_the_store_is_never_deleted(tmp_path: Path, capsys) -> None:
    """The reported data loss: `current -> release-2` outside builds/ was rmtree'd."""
    store = tmp_path / "p"
    (store / "release-2").mkdir(parents=True)
    (store / "release-2" / "keep").write_text("mine", encoding="utf-8")
    (store / "current").symlink_to("release-2")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert "points to" in err and "outside" in err and "left as it is" in err
    assert (store / "release-2" / "keep").read_text(encoding="utf-8") == "mine"
    assert os.readlink(store / "current") == "release-2"
    assert not (store / "builds").exists()


def test_current_that_is_a_directory_is_left_alone(tmp_path: Path, capsys) -> None:
    store = tmp_path / "p"
    (store / "current").mkdir(parents=True)
    (store / "current" / "keep").write_text("mine", encoding="utf-8")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 2
    assert "is not a symlink made by ritegraph" in capsys.readouterr().err
    assert (store / "current" / "keep").read_text(encoding="utf-8") == "mine"


def test_dangling_current_outside_the_store_is_refused(tmp_path: Path, capsys) -> None:
    store = tmp_path / "p"
    store.mkdir()
    (store / "current").symlink_to(tmp_path / "gone")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 2
    assert "outside" in capsys.readouterr().err
    assert (store / "current").is_symlink()


def test_build_replacing_an_unmarked_build_keeps_it(good_store: Path, tmp_path: Path) -> None:
    """A build directory inside builds/ without the marker (an older ritegraph, or someone
    else's): current moves on, the directory is kept."""
    store = copy_store(good_store, tmp_path / "store")
    old = store / "current"
    old_dir = old.resolve()
    (old_dir / MARKER).unlink()
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    assert old_dir.is_dir() and current_id(store) != old_dir.name


def test_the_replaced_marked_build_is_removed(good_store: Path, tmp_path: Path) -> None:
    store = copy_store(good_store, tmp_path / "store")
    old_dir = (store / "current").resolve()
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    assert not old_dir.exists()
    marker = json.loads(((store / "current").resolve() / MARKER).read_text(encoding="utf-8"))
    assert marker["pid"] == os.getpid() and marker["host"] == socket.gethostname()


def _orphan(store: Path, name: str, **marker: object) -> Path:
    path = store / "builds" / name
    (path / "oxigraph").mkdir(parents=True)
    if marker:
        data = {"id": name, "pid": 0, "host": socket.gethostname(), "started": time.time()}
        data.update(marker)
        (path / MARKER).write_text(json.dumps(data), encoding="utf-8")
    return path


def test_stale_builds_are_swept_and_nothing_else(good_store: Path, tmp_path: Path) -> None:
    """Orphans of killed builds go; unmarked directories, live builds and young builds of
    other hosts stay."""
    store = copy_store(good_store, tmp_path / "store")
    dead = _orphan(store, "dead-pid", pid=2**22 + 12345)  # above pid_max: never alive
    old = _orphan(store, "old", pid=os.getpid(), started=time.time() - 2 * 86400)
    live = _orphan(store, "live", pid=os.getpid())
    elsewhere = _orphan(store, "elsewhere", pid=1, host="another-host")
    unmarked = _orphan(store, "unmarked")
    foreign = _orphan(store, "foreign-marker", pid=2**22 + 12345)
    (foreign / MARKER).write_text(json.dumps({"id": "someone-else"}), encoding="utf-8")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    assert not dead.exists() and not old.exists()
    assert live.exists() and elsewhere.exists() and unmarked.exists() and foreign.exists()


def test_a_killed_builds_quads_file_is_swept_and_no_other_file(good_store: Path,
                                                                 tmp_path: Path) -> None:
    """The temporary N-Quads of a killed build (its host and dead pid in the name) goes; a
    live build's, an unnamed young one and a file that is not ours stay."""
    store = copy_store(good_store, tmp_path / "store")
    host = socket.gethostname()
    dead = store / f".quads-{host}-{2**22 + 12345}-abc123.nq"
    live = store / f".quads-{host}-{os.getpid()}-def456.nq"
    unnamed = store / ".quads-x1y2z3.nq"  # an older build's name: swept only when stale
    mine = store / "notes.nq"
    for path in (dead, live, unnamed, mine):
        path.write_text("", encoding="utf-8")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 0
    assert not dead.exists()
    assert live.exists() and unnamed.exists() and mine.exists()


def test_store_that_is_a_plain_file(tmp_path: Path, capsys) -> None:
    store = tmp_path / "store"
    store.write_text("not a store", encoding="utf-8")
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 2
    assert "is not a directory" in capsys.readouterr().err
    assert store.read_text(encoding="utf-8") == "not a store"


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux sysfs")
def test_store_that_cannot_be_created(tmp_path: Path, capsys) -> None:
    """sysfs refuses mkdir even to root: a store directory that cannot be made."""
    corpus = write_corpus(tmp_path / "corpus")
    assert main(["build", "-q", "--corpus", str(corpus), "--store", "/sys/ritegraph-x"]) == 2
    assert "cannot create the store in /sys/ritegraph-x" in capsys.readouterr().err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_store_that_is_read_only(good_store: Path, tmp_path: Path, capsys) -> None:
    store = copy_store(good_store, tmp_path / "store")
    before = current_id(store)
    corpus = write_corpus(tmp_path / "corpus")
    for path in (store, store / "builds"):
        path.chmod(0o555)
    try:
        assert main(["build", "-q", "--corpus", str(corpus), "--store", str(store)]) == 2
    finally:
        for path in (store, store / "builds"):
            path.chmod(0o755)
    assert "not writable" in capsys.readouterr().err
    assert_intact(store, before)


def _corrupt(store: Path) -> None:
    for path in ((store / "current").resolve() / "oxigraph").iterdir():
        if path.is_file():
            path.write_bytes(b"\x00garbage" * 64)


STORE_CASES = [
    ("garbage in the database", _corrupt, "cannot open the store"),
    ("database directory missing",
     lambda s: shutil.rmtree((s / "current").resolve() / "oxigraph"),
     "is not a store database"),
    ("build.json garbage",
     lambda s: ((s / "current").resolve() / "build.json").write_text("{", encoding="utf-8"),
     "cannot read"),
    ("current dangling", lambda s: shutil.rmtree((s / "current").resolve()),
     "run `ritegraph build` first"),
]


@pytest.mark.parametrize(("command", "case"), [
    (command, case) for command in (["stats"], ["export", "--format", "nquads"],
                                    ["query", "--sparql", "SELECT * WHERE { ?s ?p ?o } LIMIT 1"])
    for case in STORE_CASES], ids=lambda v: v[0])
def test_damaged_store(command: list[str], case: tuple, good_store: Path, tmp_path: Path,
                       capsys) -> None:
    _name, damage, message = case
    store = copy_store(good_store, tmp_path / "store")
    damage(store)
    code = main([*command, "--store", str(store)])
    err = capsys.readouterr().err
    if command[0] in ("export", "query") and case[0] == "build.json garbage":
        assert code == 0  # they do not read build.json
        return
    assert code == 2, err
    assert "Traceback" not in err and message in err


def _preexec_full_disk(limit: int) -> Callable[[], None]:
    def limit_writes() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_writes


def run_cli(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "ritegraph.cli", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False, **kwargs)


@pytest.mark.parametrize("limit", [100_000, 1_500_000], ids=["quads file", "database"])
def test_disk_full_during_a_build(limit: int, good_store: Path, tmp_path: Path) -> None:
    """Writes beyond RLIMIT_FSIZE fail with EFBIG, as on a full disk (no root needed)."""
    store = copy_store(good_store, tmp_path / "store")
    before = current_id(store)
    corpus = write_corpus(tmp_path / "corpus")
    result = run_cli(["build", "-q", "--corpus", str(corpus), "--store", str(store)],
                     preexec_fn=_preexec_full_disk(limit))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "failed: " in result.stderr and "is the disk full?" in result.stderr
    assert_intact(store, before)
    assert sorted(p.name for p in (store / "builds").iterdir()) == [before]
    assert not list(store.glob(".quads-*"))


def test_real_exit_codes_in_a_subprocess(good_store: Path, tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    text_file("夫人\x00\n")(corpus)
    bad = run_cli(["build", "-q", "--corpus", str(corpus), "--store", str(good_store)])
    assert bad.returncode == 2 and "control character U+0000" in bad.stderr
    usage = run_cli(["stats", "--format", "yaml"])
    assert usage.returncode == 2 and "invalid choice" in usage.stderr
    assert run_cli(["stats", "--store", str(good_store), "--format", "json"]).returncode == 0


# --- the exit-code contract over every subcommand -------------------------------------------

#: One bad input per subcommand (a missing store, a missing file, a bad option value).
BAD_INVOCATIONS = {
    "build": ["build", "--corpus", "{tmp}/no-corpus"],
    "export": ["export", "--format", "turtle", "--store", "{tmp}/no-store"],
    "stats": ["stats", "--store", "{tmp}/no-store"],
    "acts": ["acts", "--format", "jsonl", "--store", "{tmp}/no-store"],
    "variants": ["variants", "--store", "{tmp}/no-store"],
    "steps": ["steps", "--store", "{tmp}/no-store"],
    "eval": ["eval", "{tmp}/no-gold.jsonl"],
    "validate": ["validate", "--store", "{tmp}/no-store"],
    "reason": ["reason", "--store", "{tmp}/no-store"],
    "query": ["query", "no-such-query", "--store", "{tmp}/no-store"],
    "push": ["push", "--endpoint", "http://127.0.0.1:9/sparql", "--store", "{tmp}/no-store"],
    "check": ["check", "--store", "{tmp}/no-store"],
    "serve": ["serve", "--port", "99999", "--store", "{tmp}/no-store"],
}


def test_every_subcommand_has_a_bad_invocation() -> None:
    assert set(BAD_INVOCATIONS) == set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommand_fails_cleanly(command: str, tmp_path: Path, capsys) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in BAD_INVOCATIONS[command]]
    code = main(args)
    err = capsys.readouterr().err
    assert code in {1, 2}, err
    assert "Traceback" not in err and err.startswith(f"ritegraph {command}: error: ")


def test_an_unexpected_exception_is_one_line_exit_3(tmp_path: Path, capsys, monkeypatch) -> None:
    import ritegraph.commands.stats as stats

    def broken(store_dir):
        raise ValueError("a bug\nover two lines")

    monkeypatch.setattr(stats, "collect", broken)  # the name the command calls
    code = main(["stats", "--store", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 3
    assert err == ("ritegraph stats: internal error: ValueError: a bug over two lines (please "
                   "report it at https://w3id.org/ritegraph/; rerun with -v for the "
                   "traceback)\n")
    for args in (["-v", "stats"], ["stats", "-v"]):
        assert main([*args, "--store", str(tmp_path)]) == 3
        err = capsys.readouterr().err
        assert "Traceback" in err and "internal error: ValueError" in err


def test_internal_error_exit_code_in_a_subprocess(tmp_path: Path) -> None:
    code = ("import sys, ritegraph.cli as c, ritegraph.commands.stats as s\n"
            "s.collect = lambda d: 1 / 0\n"
            f"sys.exit(c.main(['stats', '--store', {str(tmp_path)!r}]))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60, check=False)
    assert result.returncode == 3
    assert "internal error: ZeroDivisionError" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_store_damaged_after_opening_is_a_store_error(good_store: Path, tmp_path: Path,
                                                       capsys, monkeypatch) -> None:
    """pyoxigraph's storage errors met mid-command (not at opening) exit 2, not 3."""
    import ritegraph.commands.stats as command

    def damaged(store_dir):
        raise RuntimeError("Corruption: block checksum mismatch in 000009.sst")

    monkeypatch.setattr(command, "collect", damaged)
    assert main(["stats", "--store", str(good_store)]) == 2
    assert "the store is damaged or unusable: Corruption:" in capsys.readouterr().err


def test_pyoxigraph_raises_what_we_catch(tmp_path: Path) -> None:
    """The store errors are pyoxigraph's RuntimeError/OSError with a RocksDB status: if an
    upgrade changes that, this fails before users meet tracebacks."""
    from ritegraph.store import is_storage_error

    db = tmp_path / "db"
    ox.Store(str(db)).flush()
    (db / "CURRENT").write_text("garbage", encoding="utf-8")
    with pytest.raises((RuntimeError, OSError)) as info:
        ox.Store.read_only(str(db))
    assert is_storage_error(info.value)
