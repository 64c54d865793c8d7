"""Build the graph from a corpus into the embedded store (the entry point of `ritegraph build`)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pyoxigraph as ox

from . import __version__
from .acts import Act, extract_acts
from .corpus import CorpusFile, Manifest, load_manifest, read_text
from .errors import InputError, StoreError, StrictWarnings
from .lexicon import Lexicon, load_lexicon
from .matching import Match, Matcher, match_ranges
from .model import Layer, ReadResult
from .progress import NO_PROGRESS, Progress
from .rdf.annotation import Provenance
from .rdf.dataset import BuildRun, dataset_quads
from .rdf.iris import (
    WORK,
    act_iri,
    doc_iri,
    passage_iri,
    rite_iri,
    section_iri,
    software_iri,
)
from .rdf.lexicon import lexicon_graph
from .rdf.steps import StepWriter
from .rdf.terms import QuadWriter
from .rdf.text import corpus_quads, file_quads
from .readers import reader_for
from .resources import data_dir
from .store import (
    GRAPH_DATASET,
    GRAPH_LEXICON,
    GRAPH_ONTOLOGY,
    new_build,
    prepare_store_dir,
    quads_prefix,
)
from .witness_build import WitnessWork
from .witnesses import Witness, witnesses_of


@dataclass
class BuildReport:
    """What a build produced (also written to the build's ``build.json``)."""

    store: Path
    files: list[dict] = field(default_factory=list)
    quads: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    alignment: list[dict] = field(default_factory=list)  # 经 coverage per rite and witness
    variants: list[dict] = field(default_factory=list)  # variant readings per rite and kind
    steps: list[dict] = field(default_factory=list)  # rite steps and acts per rite and witness
    collation: dict = field(default_factory=dict)  # 張爾岐's lists: entries parsed, located

    def to_json(self) -> dict:
        return {"store": str(self.store), "files": self.files, "quads": self.quads,
                "seconds": self.seconds, "alignment": self.alignment,
                "variants": self.variants, "steps": self.steps,
                "collation": self.collation}


@dataclass
class FileGraph:
    """What one corpus file contributes to the graph (kept for stats and the acts step)."""

    file: CorpusFile
    result: ReadResult
    matches: dict[int, list[Match]] = field(default_factory=dict)  # passage index → matches
    acts: list[Act] = field(default_factory=list)


def build_time() -> str:
    """Now as an ISO 8601 dateTime (UTC), or ``$SOURCE_DATE_EPOCH`` when set, so that a
    rebuild of an unchanged corpus can give identical data (reproducible-builds.org)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    stamp = time.gmtime(int(epoch)) if epoch and epoch.isdigit() else time.gmtime()
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", stamp)


def is_cjk(char: str) -> bool:
    code = ord(char)
    return 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2FFFF


def classic_coverage(fg: FileGraph) -> tuple[int, int]:
    """(CJK characters of the classic text, of which covered by a mention).

    The classic text is the 经, or for a translation file the 译 that translates the 经.
    """
    covered: set[int] = set()
    for matches in fg.matches.values():
        for m in matches:
            covered.update(range(m.start, m.end))
    total = hit = 0
    for p in fg.result.passages:
        if p.layer is Layer.JING or (p.layer is Layer.YI and p.translates is Layer.JING):
            for offset, char in enumerate(p.text, start=p.start):
                if is_cjk(char):
                    total += 1
                    hit += offset in covered
    return total, hit


def read_file(file: CorpusFile, matcher: Matcher) -> FileGraph:
    """Read one manifest file with its edition's reader and match its passages."""
    text = read_text(file.path)
    result = reader_for(file)(file, text)
    fg = FileGraph(file, result)
    for passage, start, end in match_ranges(result.passages):
        found = matcher.find(text, start, end, modern=passage.layer is Layer.YI,
                             markup=result.markup)
        if found:
            fg.matches.setdefault(passage.index, []).extend(found)
    return fg


def file_summary(fg: FileGraph) -> dict:
    result = fg.result
    total, hit = classic_coverage(fg)
    layers = Counter(p.layer.value for p in result.passages)
    schemes = Counter(m.concept.scheme for ms in fg.matches.values() for m in ms)
    return {
        "name": fg.file.name,
        "document": fg.file.stem,
        "edition": fg.file.edition,
        "rites": [span.rite for span in fg.file.rites],
        "sha256": hashlib.sha256(fg.file.path.read_bytes()).hexdigest(),
        "format": fg.file.format,
        "characters": len(result.text),
        "passages": dict(sorted(layers.items())),
        "sections": len(result.sections),
        "mentions": dict(sorted(schemes.items())),
        "acts": len(fg.acts),
        "classic_cjk_characters": total,
        "classic_cjk_covered": hit,
        "glyph_issues": [vars(g) for g in result.glyphs],
        "warnings": [vars(w) for w in result.warnings],
    }


def _into_graph(sources: list, graph: str) -> list[ox.Quad]:
    name = ox.NamedNode(graph)
    return [ox.Quad(t.subject, t.predicate, t.object, name) for source in sources for t in source]


def _passage_iri(fg: FileGraph, index: int) -> str:
    return passage_iri(fg.file.stem, fg.result.passages[index])


def file_witnesses(fg: FileGraph, fold) -> list[Witness]:
    """The 经 of each rite in one file, kept for the alignment of witnesses."""
    stem, passages, sections = fg.file.stem, fg.result.passages, fg.result.sections

    def section_of(index: int) -> str | None:
        section = passages[index].section
        return None if section is None else section_iri(stem, sections[section])

    return witnesses_of(fg.result, stem, doc_iri(fg.file), fg.file.name, fold,
                        lambda index: passage_iri(stem, passages[index]), section_of,
                        fg.file.edition)


def write_corpus(out: QuadWriter, manifest: Manifest, matcher: Matcher, lexicon: Lexicon,
                 seconds: dict[str, float], made: Provenance, progress: Progress = NO_PROGRESS
                 ) -> tuple[list[dict], list[str], dict]:
    """Write the corpus graph file by file (read, match, acts, quads), then the work across
    witnesses (:mod:`ritegraph.witness_build`); return the per-file summaries of
    ``build.json``, example resources and the tables of the work across witnesses. Only one
    file's reading (and what :class:`WitnessWork` keeps of every file) is held in memory at a
    time; phase times are added to ``seconds``."""
    corpus_quads(out, manifest)
    steps = StepWriter(out, lexicon, made)
    summaries, examples, work = [], [WORK], WitnessWork()
    seconds.setdefault("read_and_match", 0.0)
    seconds.setdefault("rdf", 0.0)
    progress.phase("reading the corpus", len(manifest.files))
    for file in manifest.files:
        progress.advance(0, file.name)
        clock = time.perf_counter()
        fg = read_file(file, matcher)
        seconds["read_and_match"] += time.perf_counter() - clock
        clock = time.perf_counter()
        file_quads(out, fg.file, fg.result, fg.matches, made)
        fg.acts = extract_acts(fg.result, fg.file.stem)
        missing = steps.file_steps(fg.file, fg.result, fg.acts)
        if missing:
            raise InputError(f"act labels missing from the lexicon: {', '.join(missing)}",
                             path=str(fg.file.path), hint="add them to ingest/lexicon/*.toml")
        summaries.append(file_summary(fg))
        if fg.acts and len(examples) == 1:
            examples += [rite_iri(fg.acts[0].rite), act_iri(fg.acts[0])]
        seconds["rdf"] += time.perf_counter() - clock
        clock = time.perf_counter()
        work.add(file_witnesses(fg, lexicon.fold), fg.result, fg.acts, fg.file.format,
                 edition=fg.file.edition, file=fg.file.name, document=doc_iri(fg.file),
                 fold=lexicon.fold, passage_iri=partial(_passage_iri, fg))
        seconds["witness_keep"] = seconds.get("witness_keep", 0.0) + time.perf_counter() - clock
        progress.advance()
    progress.phase("aligning the witnesses")
    return summaries, examples, work.write(out, lexicon, seconds)


def warning_lines(files: list[dict]) -> list[str]:
    """``file:line:column: message`` of every reader warning in the per-file summaries."""
    return [f"{f['name']}:{w['line']}:{w['column']}: {w['message']}"
            for f in files for w in f["warnings"]]


def refuse_warnings(files: list[dict]) -> None:
    lines = warning_lines(files)
    if lines:
        shown = "\n  ".join(lines[:20]) + ("\n  …" if len(lines) > 20 else "")
        raise StrictWarnings(f"{len(lines)} reader warning(s) with --strict; the store is "
                             f"unchanged:\n  {shown}")


def _remove_if_empty(store_dir: Path, created: bool) -> None:
    """A failed first build leaves no empty store directory behind."""
    if created:
        for directory in (store_dir / "builds", store_dir):
            with contextlib.suppress(OSError):  # only if empty
                directory.rmdir()


def build(store_dir: Path, corpus_dir: Path | None = None, lexicon: Lexicon | None = None,
          *, strict: bool = False, progress: Progress = NO_PROGRESS) -> BuildReport:
    """Read the corpus, write the graph into a new build, and make it current.

    With ``strict``, reader warnings (unbalanced brackets, no 经, an absurd layer share, 疏
    headlines never found …) raise :class:`StrictWarnings` before the store is touched.

    The N-Quads are streamed to a temporary file in ``store_dir`` (on the store's disk, never
    held in memory) while the files are read one by one, and bulk-loaded from there; the file
    is removed afterwards, whatever happens. Input errors are raised before the store is
    touched (no build directory is made, ``current`` is not moved); any failure while writing
    leaves the previous build current. ``progress`` shows the phases (:mod:`ritegraph.progress`).
    """
    clock = time.perf_counter()
    started = build_time()
    store_dir = Path(store_dir)
    report = BuildReport(store_dir)
    manifest = load_manifest(corpus_dir)
    progress.phase("loading the lexicon")
    lexicon = lexicon or load_lexicon()
    matcher = Matcher(lexicon)
    report.seconds["read_and_match"] = time.perf_counter() - clock  # with loading the lexicon

    created = not store_dir.exists()
    prepare_store_dir(store_dir)  # a store we cannot write, or a `current` not ours: refuse now
    try:
        fd, name = tempfile.mkstemp(prefix=quads_prefix(), suffix=".nq", dir=store_dir)
    except OSError as exc:
        _remove_if_empty(store_dir, created)
        raise StoreError(f"cannot write in {store_dir}: {exc.strerror or exc} "
                         "(choose a writable --store)") from exc
    os.close(fd)
    quads_path = Path(name)
    try:
        with QuadWriter(quads_path) as out:
            made = Provenance(started, software_iri(__version__))
            report.files, examples, tables = write_corpus(
                out, manifest, matcher, lexicon, report.seconds, made, progress)
            report.alignment, report.variants = tables["alignment"], tables["variants"]
            report.steps, report.collation = tables["steps"], tables["collation"]
            if strict:
                refuse_warnings(report.files)
            with new_build(store_dir) as (store, build_dir):
                # One bulk load for everything: separate loads leave more, smaller files that
                # make every later query slower.
                lexicon_nt = lexicon_graph(lexicon).serialize(format="nt", encoding="utf-8")
                vocabulary = [ox.parse(path=str(ttl), format=ox.RdfFormat.TURTLE)
                              for ttl in sorted(data_dir("ontology").glob("*.ttl"))]
                for quads, name in (
                        (_into_graph(vocabulary, GRAPH_ONTOLOGY), GRAPH_ONTOLOGY),
                        (_into_graph([ox.parse(lexicon_nt, format=ox.RdfFormat.N_TRIPLES)],
                                     GRAPH_LEXICON), GRAPH_LEXICON)):
                    out.write_raw(ox.serialize(quads, format=ox.RdfFormat.N_QUADS), name)
                run = BuildRun(__version__, started, build_time(), tuple(examples))
                checksums = {f["name"]: f["sha256"] for f in report.files}
                dataset_quads(out, manifest, run, dict(out.per_graph), checksums, GRAPH_DATASET)
                out.close()
                progress.phase("loading the store")
                loading = time.perf_counter()
                # lenient: skip re-validating IRIs we minted and escaped ourselves (15% of the
                # load); the tests load the same writer's output strictly.
                store.bulk_load(path=str(quads_path), format=ox.RdfFormat.N_QUADS, lenient=True)
                report.seconds["load"] = time.perf_counter() - loading
                # Compact what the bulk load wrote: reads of the full book become several
                # times faster (a 290k-row join over the union graph: 42 s before, 7 s after).
                progress.phase("compacting the store")
                compacting = time.perf_counter()
                store.optimize()
                report.seconds["optimize"] = time.perf_counter() - compacting
                report.quads = len(store)
                report.seconds["total"] = time.perf_counter() - clock
                (build_dir / "build.json").write_text(
                    json.dumps(report.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as exc:  # reading errors are InputErrors by now: this is the store's disk
        quads_path.unlink(missing_ok=True)
        _remove_if_empty(store_dir, created)
        raise StoreError(f"writing the build into {store_dir} failed: {exc.strerror or exc} "
                         "(is the disk full? the previous build is still current)") from exc
    except BaseException:
        quads_path.unlink(missing_ok=True)
        _remove_if_empty(store_dir, created)
        raise
    quads_path.unlink()
    return report
