"""The dataset description (VoID + DCAT + PROV-O), in its own named graph.

It says what the graph is (title, licences of the texts and of the software, vocabularies),
where its texts come from (the source collections with their commits, every file with its
sha256), how it was made (the build as a ``prov:Activity`` of this software at its version,
with start and end time and the manifest it used), and what it holds (triples per named graph,
example resources). Written last, from the counts of everything written before it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from ..corpus import MANIFEST_NAME, Manifest
from ..vocab import (
    AS,
    BASE,
    DCAT,
    DCTERMS,
    PREFIXES,
    PROV,
    RDF,
    RDFS,
    SPDX,
    VOID,
)
from .iris import BUILD, DATASET_GRAPH, collection_iri, doc_iri, software_iri
from .terms import QuadWriter, date_time, integer, iri, literal

SD_NAME = "http://www.w3.org/ns/sparql-service-description#name"
TEXT_LICENCE = "https://creativecommons.org/licenses/by-sa/4.0/"
CODE_LICENCE = "https://opensource.org/licenses/MIT"
HOMEPAGE = "https://w3id.org/ritegraph/"
VOCABULARIES = ("rg", "oa", "crm", "skos", "prov", "dcterms", "dcat", "as")


@dataclass(frozen=True)
class BuildRun:
    """One build as PROV-O describes it."""

    version: str  # the software's version
    started: str  # ISO 8601 dateTime
    ended: str
    examples: tuple[str, ...] = ()  # IRIs of typical resources (void:exampleResource)


def software_quads(out: QuadWriter, version: str, graph: str) -> str:
    """This software at ``version`` as a ``prov:SoftwareAgent`` (the annotations' generator)."""
    s = software_iri(version)
    out.add(s, RDF.type, iri(PROV.SoftwareAgent), graph)
    out.add(s, RDF.type, iri(AS.Application), graph)
    out.add(s, RDFS.label, literal(f"ritegraph {version}", "en"), graph)
    out.add(s, DCTERMS.hasVersion, literal(version), graph)
    out.add(s, DCTERMS.license, iri(CODE_LICENCE), graph)
    return s


def dataset_quads(out: QuadWriter, manifest: Manifest, run: BuildRun,
                  triples: Mapping[str, int], checksums: Mapping[str, str], graph: str) -> None:
    """Describe the dataset whose named graphs hold ``triples`` (graph IRI → count), built
    from the manifest's files whose sha256 ``checksums`` gives (file name → hex digest)."""
    ds, build = DATASET_GRAPH, BUILD
    add = out.add
    add(ds, RDF.type, iri(VOID.Dataset), graph)
    add(ds, RDF.type, iri(DCAT.Dataset), graph)
    add(ds, DCTERMS.title, literal("ritegraph：《仪礼》知识图谱", "zh-Hans"), graph)
    add(ds, DCTERMS.title, literal("ritegraph: a knowledge graph of the Yili rites", "en"), graph)
    add(ds, DCTERMS.description, literal(
        "The rites of the Yili as prescribed steps (who does what, with which object, where, "
        "facing which way, to whom), the ritual vocabulary as SKOS concepts, and every passage "
        "of the bundled editions, each statement linked to the exact characters it came from.",
        "en"), graph)
    add(ds, DCTERMS.license, iri(TEXT_LICENCE), graph)
    add(ds, DCTERMS.rights, literal(
        "Texts from the Kanseki Repository and what is derived from them: CC BY-SA 4.0. The "
        "software that built the graph (and its ontology, lexicon and queries): MIT.", "en"),
        graph)
    add(ds, DCAT.landingPage, iri(HOMEPAGE), graph)
    add(ds, VOID.uriSpace, literal(BASE), graph)
    for prefix in VOCABULARIES:
        add(ds, VOID.vocabulary, iri(PREFIXES[prefix]), graph)
    add(ds, VOID.triples, integer(sum(triples.values())), graph)
    for name, count in sorted(triples.items()):
        subset = f"{ds}/graph/{name.rsplit('/', 1)[-1]}"
        add(ds, VOID.subset, iri(subset), graph)
        add(subset, RDF.type, iri(VOID.Dataset), graph)
        add(subset, SD_NAME, iri(name), graph)
        add(subset, VOID.triples, integer(count), graph)
    for example in run.examples:
        add(ds, VOID.exampleResource, iri(example), graph)
    for collection in manifest.collections:
        add(ds, DCTERMS.source, iri(collection_iri(collection.id)), graph)
    software = software_quads(out, run.version, graph)
    add(ds, PROV.wasGeneratedBy, iri(build), graph)
    add(build, RDF.type, iri(PROV.Activity), graph)
    add(build, RDFS.label, literal("ritegraph build", "en"), graph)
    add(build, PROV.startedAtTime, date_time(run.started), graph)
    add(build, PROV.endedAtTime, date_time(run.ended), graph)
    add(build, PROV.wasAssociatedWith, iri(software), graph)
    manifest_file = manifest.directory / MANIFEST_NAME
    manifest_sha = hashlib.sha256(manifest_file.read_bytes()).hexdigest()
    add(build, PROV.used, iri(checksummed(out, f"{ds}/manifest", manifest_sha, graph)), graph)
    add(f"{ds}/manifest", DCTERMS.identifier, literal(MANIFEST_NAME), graph)
    for file in manifest.files:
        add(build, PROV.used, iri(checksummed(out, doc_iri(file), checksums[file.name], graph)),
            graph)
    for collection in manifest.collections:
        add(build, PROV.used, iri(collection_iri(collection.id)), graph)


def checksummed(out: QuadWriter, subject: str, sha256: str, graph: str) -> str:
    """Give ``subject`` the SPDX checksum ``sha256`` (hex); return ``subject``."""
    checksum = f"{subject}#sha256"
    out.add(subject, SPDX.checksum, iri(checksum), graph)
    out.add(checksum, RDF.type, iri(SPDX.Checksum), graph)
    out.add(checksum, SPDX.algorithm, iri(SPDX.checksumAlgorithm_sha256), graph)
    out.add(checksum, SPDX.checksumValue, literal(sha256), graph)
    return subject
