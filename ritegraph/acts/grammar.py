"""Load and check the extractor's data (``ingest/acts/*.toml``) and build its :class:`Rules`.

Every table and key of the three files is declared here with its type; an unknown key or a
wrong type is an :class:`InputError` naming the file and line, so that a misspelt flag can never
be silently ignored. Hand-written rather than a schema library: the types are the
:class:`Verb` dataclass's own fields, and the messages need TOML line numbers, which no TOML
parser in the standard library reports.

Surfaces (how a role, object, place or verb is spelt) come from the lexicon
(``ingest/lexicon``): the grammar files say how a concept behaves and list only the surfaces the
lexicon does not give that reading (compounds such as 卿大夫 = 卿 + 大夫, role descriptions such as
受爵于公者, and the translation's renderings that are not the concept's own labels).
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..resources import data_dir
from .model import DIRECTIONS
from .passes import PASSES
from .rules import AGAIN, FUNCTION_KINDS, LINK, SEQUEL, STEP, Kind, Rules, Verb

if TYPE_CHECKING:
    from ..lexicon import Lexicon

REGISTERS = ("classic", "modern")
_STRINGS = list[str]
_REGISTER = {"classic": _STRINGS, "modern": _STRINGS}

#: grammar.toml: table → key → type (``str`` keys map to the type of every value when the
#: table's keys are data, e.g. ``[merge]``).
GRAMMAR_SCHEMA: dict[str, dict[str, Any]] = {
    "leading": {**_REGISTER, "never_led": _STRINGS},
    **{name: _REGISTER for name in (*FUNCTION_KINDS, "goal", "existential",
                                    "enumeration",
                                    "facing")},
    "sentence_end": {"chars": str},
    "clause_end": {"chars": str},
    "quote": {"open": str, "close": str},
    "manner": {str: _STRINGS},
    "carrying": {"classic": dict[str, _STRINGS], "modern": dict[str, _STRINGS]},
    "intermediaries": {"roles": _STRINGS, "to_bower": _STRINGS, "descents": _STRINGS,
                       "ascents": _STRINGS},
    "principals": {"roles": _STRINGS},
    "retainers": {"lords": _STRINGS, "retainer": str},
    "bow_answers": {"lemmas": _STRINGS},
    "reply": {"lemmas": _STRINGS},
    "said": {"always": _STRINGS, "dared": _STRINGS, "dare": str, "closing": _STRINGS},
    "acting_as": {"classic": dict[str, str], "modern": dict[str, str]},
    "adverb_verbs": {"classic": dict[str, str], "modern": dict[str, str]},
    "owned_verbs": _REGISTER,
    "placeholder": _REGISTER,
    "report_back": _REGISTER,
    "verb_roles": {"classic": dict[str, str], "modern": dict[str, str]},
    "assisting": _REGISTER,
    "fronted_bows": _REGISTER,
    "bearers": {"classic": dict[str, str], "modern": dict[str, str]},
    "bearer_moves": _REGISTER,
    "position": _REGISTER,
    "sequel": _REGISTER,
    "step": _REGISTER,
    "again": _REGISTER,
    "linking": _REGISTER,
    "merge": {str: str},
    "merge_modern": {str: str},
    "merge_across": {**_REGISTER, "destination_closes": dict[str, bool]},
    "passes": {"order": _STRINGS},
    "fold": {"across_clause_end": dict[str, bool]},
    "objects": {"cups": _STRINGS, "contents": _STRINGS, "default_cup": str,
                "cup_by_recipient": dict[str, str], "accessories": _STRINGS,
                "also_places": _STRINGS, "set_down": dict[str, str], "taken_by": _STRINGS,
                "dress": _STRINGS},
}
_SCHEMES = (("role", Kind.ROLE), ("object", Kind.OBJECT), ("place", Kind.PLACE))
TERMS_SCHEMA: dict[str, dict[str, Any]] = {
    scheme: {"classic": dict[str, _STRINGS], "modern": dict[str, _STRINGS]}
    for scheme, _ in _SCHEMES}
#: Verb fields set per surface by grammar.toml, never per lemma (反命, not every 告, reports back).
_SURFACE_FLAGS = frozenset({"reports_back"})
#: verbs.toml ``[[verb]]``: the Verb's fields (``by_object`` a table object → lemma) and the
#: surfaces the lexicon does not give the lemma.
VERB_SCHEMA: dict[str, Any] = {
    **{name: hint for name, hint in typing.get_type_hints(Verb).items()
       if name not in _SURFACE_FLAGS},
    "by_object": dict[str, str], **_REGISTER}


def acts_data_dir() -> Path:
    return data_dir("ingest") / "acts"


def _matches(value: object, expected: Any) -> bool:
    """Whether a TOML value has the declared type (``bool`` is never an ``int``)."""
    origin = typing.get_origin(expected)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arm) for arm in typing.get_args(expected))
    if expected is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(expected)
        return isinstance(value, list) and all(_matches(v, item) for v in value)
    if origin is dict:
        _, item = typing.get_args(expected)
        return isinstance(value, dict) and all(_matches(v, item) for v in value.values())
    return isinstance(value, expected) and (expected is bool or not isinstance(value, bool))


def _type_name(expected: Any) -> str:
    return getattr(expected, "__name__", None) or str(expected).replace("typing.", "")


class _Source:
    """A TOML file's text and data, with the line of a table or key for messages."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.text = path.read_text(encoding="utf-8")
            self.data = tomllib.loads(self.text)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise InputError(f"cannot read the extractor's data: {exc}", path=str(path)) from exc
        self.lines = self.text.splitlines()

    def line(self, header: str, key: str | None = None, nth: int = 0) -> int | None:
        """1-based line of the ``nth`` table ``header`` (or of ``key`` inside it)."""
        starts = [i for i, line in enumerate(self.lines) if line.split("#")[0].strip() == header]
        if len(starts) <= nth:
            return None
        i = starts[nth]
        if key is None:
            return i + 1
        for j in range(i + 1, len(self.lines)):
            stripped = self.lines[j].lstrip()
            if stripped.startswith("["):
                break
            if stripped.split("=")[0].strip().strip('"') == key:
                return j + 1
        return i + 1

    def error(self, message: str, line: int | None, hint: str | None = None) -> InputError:
        return InputError(message, path=str(self.path), line=line, hint=hint)

    def check_table(self, name: str, table: object, schema: dict[str, Any], header: str,
                    nth: int = 0) -> None:
        if not isinstance(table, dict):
            raise self.error(f"{name} must be a table", self.line(header, nth=nth))
        for key, value in table.items():
            expected = schema.get(key, schema.get(str))
            if expected is None:
                raise self.error(f"{name} has unknown key {key!r}", self.line(header, key, nth),
                                 hint=f"known keys: {', '.join(sorted(map(str, schema)))}")
            if not _matches(value, expected):
                raise self.error(f"{name}: {key!r} must be {_type_name(expected)}, "
                                 f"not {value!r}", self.line(header, key, nth))


def _check_tables(source: _Source, schema: dict[str, dict[str, Any]], dotted: bool) -> None:
    data = source.data
    for name, value in data.items():
        if name not in schema:
            raise source.error(f"unknown table [{name}]", source.line(f"[{name}]"),
                               hint=f"known tables: {', '.join(sorted(schema))}")
        if dotted:  # [role.classic]: check each register table on its own header
            if not isinstance(value, dict):
                raise source.error(f"[{name}] must hold tables", source.line(f"[{name}]"))
            for register, table in value.items():
                if register not in schema[name]:
                    raise source.error(f"unknown table [{name}.{register}]",
                                       source.line(f"[{name}.{register}]"))
                source.check_table(f"[{name}.{register}]", table,
                                   {str: schema[name][register].__args__[1]},
                                   f"[{name}.{register}]")
        else:
            source.check_table(f"[{name}]", value, schema[name], f"[{name}]")
    missing = [name for name in schema if name not in data]
    if missing:
        raise source.error(f"missing table(s) {', '.join(f'[{m}]' for m in missing)}", None)


def _verbs(source: _Source) -> list[tuple[Verb, dict[str, list[str]]]]:
    """Each ``[[verb]]`` checked against :data:`VERB_SCHEMA`, with its own surfaces."""
    entries = source.data.get("verb")
    extra = set(source.data) - {"verb"}
    if extra or not isinstance(entries, list):
        raise source.error(f"expected only [[verb]] tables, found {sorted(extra) or 'none'}",
                           None)
    out = []
    for k, entry in enumerate(entries):
        source.check_table(f"[[verb]] #{k + 1}", entry, VERB_SCHEMA, "[[verb]]", k)
        if not isinstance(entry.get("lemma"), str) or not entry["lemma"]:
            raise source.error(f"[[verb]] #{k + 1} lacks its lemma",
                               source.line("[[verb]]", nth=k))
        flags = {key: value for key, value in entry.items() if key not in REGISTERS}
        flags["by_object"] = tuple(flags.get("by_object", {}).items())
        out.append((Verb(**flags), {r: entry.get(r, []) for r in REGISTERS}))
    return out


def lexicon_surfaces(modern: bool) -> dict[str, dict[str, tuple[str, ...]]]:
    """Scheme → act label (the bare lemma) → the surfaces the lexicon gives it, folded.

    The translation is read with the lexicon's modern labels only: a classical word (出, 去, 使)
    is an ordinary word of modern Chinese, so the grammar lists the ones it keeps. A concept
    whose one-character labels are guarded by context (中 the tally holder) is left to the
    grammar's own surfaces: the tokenizer does not read context guards."""
    from ..lexicon import bare_lemma, default_folder

    fold = default_folder()
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for concept in _lexicon():
        if concept.guarded:
            continue
        label = bare_lemma(concept.zh)
        names = concept.modern if modern else concept.labels()
        scheme = out.setdefault(concept.scheme, {})
        scheme[label] = tuple(dict.fromkeys((*scheme.get(label, ()),
                                             *(fold(name) for name in names))))
    return out


def lexicon_blockers() -> frozenset[str]:
    """The lexicon's blockers for all text (``scope = "all"``), folded: read as opaque words.

    The translation-only ones (让 'let', 就 'then') stay the matcher's: the grammar's own
    modern surfaces already decide those words for the acts."""
    return frozenset(_lexicon().blocker_words())


@cache
def _lexicon() -> Lexicon:
    """The bundled lexicon, read once for both registers and the blockers (~70 ms a read)."""
    from ..lexicon import load_lexicon

    return load_lexicon()


@cache
def load_data(directory: Path | None = None) -> tuple[dict, list, dict]:
    """(terms, verbs, grammar) of ``directory`` (default: the bundled ``ingest/acts``), checked."""
    directory = directory or acts_data_dir()
    terms, verbs, grammar = (_Source(directory / name)
                             for name in ("terms.toml", "verbs.toml", "grammar.toml"))
    _check_tables(terms, TERMS_SCHEMA, dotted=True)
    _check_tables(grammar, GRAMMAR_SCHEMA, dotted=False)
    unknown = [name for name in grammar.data["passes"]["order"] if name not in PASSES]
    if unknown:
        raise grammar.error(f"unknown pass(es) {', '.join(unknown)}",
                            grammar.line("[passes]", "order"),
                            hint=f"known passes: {', '.join(PASSES)}")
    return terms.data, _verbs(verbs), grammar.data


@cache
def load_rules(modern: bool) -> Rules:
    """The rules for the classic text (``modern=False``) or the modern translation."""
    terms, verbs, grammar = load_data()
    return build_rules(modern, terms, verbs, grammar, lexicon_surfaces(modern),
                       lexicon_blockers())


def build_rules(modern: bool, terms: dict, verbs: list, grammar: dict,
                lexicon: dict[str, dict[str, tuple[str, ...]]],
                blockers: frozenset[str] = frozenset()) -> Rules:
    """The tokenizer's surfaces and the grammar's settings for one register."""
    register = "modern" if modern else "classic"
    rules = Rules(modern)
    for scheme, kind in _SCHEMES:
        for label, surfaces in terms.get(scheme, {}).get(register, {}).items():
            for surface in surfaces:
                rules.add(surface, kind, tuple(label.split("+")))
    for verb, surfaces in verbs:
        rules.verbs.setdefault(verb.lemma, verb)
        for surface in surfaces[register]:
            rules.add(surface, Kind.VERB, (verb.lemma,), verb)
    marks = (("linking", LINK), ("sequel", SEQUEL), ("step", STEP), ("again", AGAIN))
    for table, mark in marks:  # before [adverb], which lists the marked ones too
        for surface in grammar[table][register]:
            rules.add(surface, Kind.ADVERB, (mark,))
    for key, kind in FUNCTION_KINDS.items():
        for surface in grammar.get(key, {}).get(register, []):
            rules.add(surface, kind)
    rules.hands = frozenset(grammar["hand"][register])
    for pattern in grammar["facing"][register]:
        for direction in DIRECTIONS:
            rules.add(pattern.format(d=direction), Kind.FACING, (direction,))
    _add_lexicon_surfaces(rules, lexicon)
    _mark_reports_back(rules, grammar["report_back"][register])
    for word in blockers:  # words that contain a label but are not that entity (利成, 君子)
        if word not in rules.surfaces:
            rules.add(word, Kind.OPAQUE)
    _settings(rules, terms, grammar, register, lexicon)
    return rules


def _mark_reports_back(rules: Rules, surfaces: list[str]) -> None:
    """Surfaces of grammar ``[report_back]`` (反命) read as their verb reporting an errand done."""
    for surface in surfaces:
        kind, labels, verb = rules.surfaces.get(surface, (None, (), None))
        if verb is None:
            raise InputError(f"grammar.toml [report_back]: {surface!r} is no verb surface")
        rules.surfaces[surface] = (kind, labels, dataclasses.replace(verb, reports_back=True))


def _add_lexicon_surfaces(rules: Rules, lexicon: dict[str, dict[str, tuple[str, ...]]]) -> None:
    """The lexicon's surfaces of roles, objects, places and of the verbs the grammar knows,
    each with the reading the grammar's own data gives it where it gives one: a surface of two
    schemes (俎 the stand / 俎 as a place) is read as the grammar decided."""
    derived: dict[str, tuple[Kind, tuple[str, ...], Verb | None]] = {}
    for scheme, kind in _SCHEMES:
        for label, surfaces in lexicon.get(scheme, {}).items():
            for surface in surfaces:
                derived.setdefault(surface, (kind, (label,), None))
    for lemma, verb in rules.verbs.items():
        for surface in lexicon.get("action", {}).get(lemma, ()):
            derived.setdefault(surface, (Kind.VERB, (lemma,), verb))
    for surface, (kind, labels, verb) in derived.items():
        if surface not in rules.surfaces:
            rules.add(surface, kind, labels, verb)
    for lemma, verb in rules.verbs.items():  # 筵: the mat, and laying it (司宫筵于奥)
        for surface in lexicon.get("action", {}).get(lemma, ()):
            if rules.surfaces.get(surface, (None,))[0] is Kind.OBJECT:
                rules.verbal_things.setdefault(surface, verb)


def _settings(rules: Rules, terms: dict, grammar: dict, register: str,
              lexicon: dict[str, dict[str, tuple[str, ...]]]) -> None:
    pairs = {**grammar["merge"], **(grammar["merge_modern"] if register == "modern" else {})}
    for pair, lemma in pairs.items():
        first, second = pair.split()
        rules.merges[(first, second)] = lemma
    across = grammar["merge_across"]
    rules.merge_across = frozenset(Kind(kind) for kind in across[register])
    rules.destination_closes = across["destination_closes"].get(register, False)
    objects = grammar["objects"]
    rules.cups = frozenset(objects["cups"])
    rules.contents = frozenset(objects["contents"])
    rules.also_places = frozenset(objects["also_places"])
    rules.set_down = dict(objects.get("set_down", {}))
    rules.taken_by = frozenset(objects.get("taken_by", ()))
    rules.dress = frozenset(objects.get("dress", ()))
    rules.default_cup = objects["default_cup"]
    rules.cup_by_recipient = dict(objects["cup_by_recipient"])
    rules.accessories = frozenset(objects["accessories"])
    rules.manner = {verb: frozenset(governed) for verb, governed in grammar["manner"].items()}
    rules.carrying = {verb: frozenset(movements)
                      for verb, movements in grammar["carrying"][register].items()}
    rules.intermediaries = frozenset(grammar["intermediaries"]["roles"])
    rules.to_bower = frozenset(grammar["intermediaries"]["to_bower"])
    rules.descents = frozenset(grammar["intermediaries"]["descents"])
    rules.ascents = frozenset(grammar["intermediaries"]["ascents"])
    rules.goals = frozenset(grammar["goal"][register])
    rules.leading = frozenset(grammar["leading"][register])
    rules.never_led = frozenset(grammar["leading"].get("never_led", ()))
    rules.existential = frozenset(grammar["existential"][register])
    rules.enumeration = frozenset(grammar["enumeration"][register])
    rules.principals = frozenset(grammar["principals"]["roles"])
    rules.lords = frozenset(grammar["retainers"]["lords"])
    rules.retainer = grammar["retainers"]["retainer"]
    rules.bow_answers = frozenset(grammar["bow_answers"]["lemmas"])
    rules.replies = frozenset(grammar["reply"]["lemmas"])
    rules.said = frozenset(grammar["said"]["always"])
    rules.dared = frozenset(grammar["said"]["dared"])
    rules.dare = grammar["said"]["dare"]
    rules.said_closing = frozenset(grammar["said"]["closing"])
    rules.acting_as = {surface: rules.verbs[lemma]
                       for surface, lemma in grammar["acting_as"].get(register, {}).items()}
    rules.position_words = frozenset(grammar["position"][register])
    rules.owned_verbs = frozenset(grammar["owned_verbs"][register])
    rules.placeholders = frozenset(grammar["placeholder"][register])
    rules.verb_roles = dict(grammar["verb_roles"].get(register, {}))
    rules.assisting = frozenset(grammar["assisting"][register])
    rules.fronted_bows = frozenset(grammar["fronted_bows"][register])
    rules.bearers = dict(grammar["bearers"].get(register, {}))
    rules.bearer_moves = frozenset(grammar["bearer_moves"][register])
    rules.adverb_verbs = {surface: rules.verbs[lemma]
                          for surface, lemma in grammar["adverb_verbs"].get(register, {}).items()}
    nouns = [*terms["object"][register].items()]
    for label, surfaces in nouns:  # verb surfaces that also name a thing (匕, 洗)
        for surface in surfaces:
            if rules.surfaces.get(surface, (None,))[0] is Kind.VERB:
                rules.nouns.setdefault(surface, tuple(label.split("+")))
    rules.passes = tuple(grammar["passes"]["order"])
    rules.fold_across_clause_end = grammar["fold"]["across_clause_end"].get(register, False)
    rules.sentence_end = grammar["sentence_end"]["chars"]
    rules.clause_end = grammar["clause_end"]["chars"]
    rules.quote_open = grammar["quote"]["open"]
    rules.quote_close = grammar["quote"]["close"]

