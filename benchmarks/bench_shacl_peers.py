"""Benchmark: the project's SHACL engine against pyshacl and Jena SHACL on the same data.

Validates one data file (default: the shape fixture graph, tests/fixtures/shapes/valid.ttl;
or a built store's graph, or one rite of it, with --store and --rite)
against shapes/*.ttl with

- ritegraph: `validate(engine="sparql")`, whole-graph SPARQL on Oxigraph (this project);
- pyshacl: `validate(engine="pyshacl")`, every constraint, the SPARQL ones included;
- Jena SHACL (`shacl validate`, Debian package libapache-jena-java), when installed; skipped
  with a note otherwise. Jena 4.5–6 refuses a SPARQL constraint with more than one
  sh:message (apache/jena#3817), so it gets the shapes with only their English messages;
  its data file carries the ontology's rdfs:subClassOf links (the others take them apart).

Prints the median wall time of each (Jena's includes starting the JVM), its ratio to the
project engine in the same run, and the number of results each reports.

Usage: python benchmarks/bench_shacl_peers.py [--data FILE | --store DIR [--rite R]] [--runs N]
"""

from __future__ import annotations

import argparse
import glob
import shutil
import statistics
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph
from rdflib.namespace import SH

from ritegraph.validate import load_shapes, schema_graph, store_source, validate

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "shapes" / "valid.ttl"
JAVA_DIR = Path("/usr/share/java")
#: SLF4J bridges that loop into each other when both are on the class path.
_CLASH = ("log4j-over-slf4j", "slf4j-log4j12")


def timed(runs: int, call) -> tuple[float, object]:
    walls, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        out = call()
        walls.append(time.perf_counter() - start)
    return statistics.median(walls), out


def jena_command(work: Path) -> list[str] | None:
    """The command that runs Jena's `shacl`, or None when Jena SHACL is not installed."""
    if shutil.which("shacl"):
        return ["shacl"]
    if shutil.which("java") is None or not (JAVA_DIR / "jena-shacl.jar").exists():
        return None
    # Debian's jena-core moves the bundled Xerces to package `xerces` but leaves its message
    # files under org/apache/jena/ext/xerces: put copies where the classes look for them.
    fix = work / "jena-resources"
    with zipfile.ZipFile(JAVA_DIR / "jena-core.jar") as jar:
        for name in jar.namelist():
            if name.startswith("org/apache/jena/ext/xerces/") and name.endswith(".properties"):
                target = fix / name.replace("org/apache/jena/ext/", "")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(jar.read(name))
    jars = [j for j in sorted(glob.glob(str(JAVA_DIR / "*.jar")))
            if not any(c in Path(j).name for c in _CLASH)]
    return ["java", "-cp", ":".join([str(fix), *jars]), "shacl.shacl"]


def jena_inputs(data: Path, work: Path) -> tuple[Path, Path]:
    """Shapes with one (English) sh:message per SPARQL constraint; the data with the
    ontology's subclass links."""
    shapes = load_shapes()
    for constraint in set(shapes.objects(None, SH.sparql)):
        messages = list(shapes.objects(constraint, SH.message))
        for message in messages:
            if len(messages) > 1 and getattr(message, "language", None) != "en":
                shapes.remove((constraint, SH.message, message))
    shapes_file = work / "shapes.ttl"
    shapes.serialize(shapes_file, format="turtle")
    graph = Graph().parse(data) + schema_graph()
    data_file = work / "data.nt"
    graph.serialize(data_file, format="nt", encoding="utf-8")
    return shapes_file, data_file


def run_jena(command: list[str], shapes: Path, data: Path) -> int:
    out = subprocess.run([*command, "validate", "--shapes", str(shapes), "--data", str(data)],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0 and "ValidationReport" not in out.stdout:
        raise RuntimeError(f"jena shacl failed: {(out.stderr or out.stdout)[:500]}")
    report = Graph().parse(data=out.stdout, format="turtle")
    return len(set(report.objects(None, SH.result)))


def data_file(args: argparse.Namespace, work: Path) -> Path:
    if args.store is None:
        return args.data
    path = work / "store.nt"
    store = store_source(args.store, args.rite).store
    triples = [ox.Triple(q.subject, q.predicate, q.object) for q in store]
    path.write_bytes(ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=FIXTURE, help="an RDF file to validate")
    parser.add_argument("--store", type=Path, help="validate a built store's graph instead")
    parser.add_argument("--rite", help="with --store: one rite's graph (pyshacl is slow)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        data = data_file(args, work)
        rows = []
        base, report = timed(args.runs, lambda: validate(data_file=data, severity="info"))
        rows.append(("ritegraph (sparql)", base, len(report.results)))
        wall, report = timed(args.runs, lambda: validate(data_file=data, severity="info",
                                                         engine="pyshacl"))
        rows.append(("pyshacl", wall, len(report.results)))
        command = jena_command(work)
        if command is None:
            print("Jena SHACL: not installed (apt-get install libapache-jena-java); skipped")
        else:
            shapes_file, jena_data = jena_inputs(data, work)
            wall, count = timed(args.runs, lambda: run_jena(command, shapes_file, jena_data))
            rows.append(("jena shacl (+JVM)", wall, count))
        what = data.name if args.store is None else f"{args.store} {args.rite or 'all rites'}"
        print(f"data: {what}, {report.triples} triples, runs: {args.runs}")
        for name, seconds, results in rows:
            print(f"{name:20s} {seconds:8.2f} s  {seconds / base:7.1f}×  {results} results")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
