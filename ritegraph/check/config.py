"""The configuration of ``ritegraph check``: thresholds, phrasing and declared rules (TOML)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..errors import InputError
from ..resources import data_dir

SLOTS = ("agent", "recipient", "object", "place", "placement", "facing")
SEQUENCE_RELATIONS = ("before", "after")


@dataclass
class MiningConfig:
    min_support: int = 3
    min_confidence: float = 0.8
    min_rites: int = 2
    max_premise_items: int = 2
    premise_slots: tuple[str, ...] = ("agent", "recipient", "object")
    conclusion_slots: tuple[str, ...] = SLOTS
    sequence_window: int = 3
    sequences: bool = True
    broader_actions: bool = True
    min_improvement: float = 0.05
    max_exceptions_shown: int = 20


@dataclass
class IdentityConfig:
    gap_layers: tuple[str, ...] = ("jing",)
    form_skip_layers: tuple[str, ...] = ("yi", "yi-of-jing")
    gap_min_count: int = 3
    gap_max_length: int = 4
    gap_limit: int = 40
    object_verbs: tuple[str, ...] = ("执", "取", "奠")
    stop_chars: str = "之乃遂皆又亦不未无坐既则而以于於其者也"


@dataclass
class UsageConfig:
    min_acts: int = 2
    min_divergence: float = 0.5
    limit: int = 40
    compare: tuple[str, ...] = ("agent:place", "action:object", "action:agent")


@dataclass
class DeclaredRule:
    """A rule written in the config: ``when`` (slot → label) ⇒ ``then`` (one conclusion)."""

    id: str
    when: dict[str, str]
    then: dict[str, str]
    strict: bool = False
    note: str = ""


@dataclass
class CheckConfig:
    mining: MiningConfig = field(default_factory=MiningConfig)
    identity: IdentityConfig = field(default_factory=IdentityConfig)
    usage: UsageConfig = field(default_factory=UsageConfig)
    phrasing: dict[str, dict[str, str]] = field(default_factory=dict)
    rules: list[DeclaredRule] = field(default_factory=list)
    source: str = ""


def default_config_path() -> Path:
    return data_dir("checks") / "rules.toml"


def _section(cls: type, table: dict, path: str, name: str):
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise InputError(f"unknown key(s) in [{name}]: {', '.join(unknown)}", path=path)
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in table.items()}
    return cls(**values)


def _declared_rule(table: dict, path: str, index: int) -> DeclaredRule:
    where = f"[[rule]] #{index + 1}"
    try:
        rule = DeclaredRule(id=str(table["id"]), when=dict(table["when"]),
                            then=dict(table["then"]), strict=bool(table.get("strict", False)),
                            note=str(table.get("note", "")))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{where}: needs id, when = {{…}} and then = {{…}} ({exc})",
                         path=path) from exc
    if "action" not in rule.when or set(rule.when) - {"action", *SLOTS}:
        raise InputError(f"{where} ({rule.id}): `when` needs an action and may name "
                         f"{', '.join(SLOTS)}", path=path)
    conclusion = set(rule.then) - {"who"}
    if len(conclusion) != 1 or not conclusion <= {*SLOTS, *SEQUENCE_RELATIONS}:
        raise InputError(f"{where} ({rule.id}): `then` needs exactly one of "
                         f"{', '.join((*SLOTS, *SEQUENCE_RELATIONS))}", path=path)
    return rule


def _merge_phrasing(phrasing: dict, path: Path) -> dict[str, dict[str, str]]:
    """The config's rule phrasing over the default config's (so a short config needs none)."""
    default = default_config_path()
    base = {} if path.resolve() == default.resolve() else tomllib.loads(
        default.read_text(encoding="utf-8")).get("phrasing", {})
    return {lang: {**base.get(lang, {}), **phrasing.get(lang, {})}
            for lang in {*base, *phrasing}}


def load_config(path: Path | None = None) -> CheckConfig:
    """Read a check config (default: ``checks/rules.toml``); :class:`InputError` if invalid."""
    path = Path(path) if path is not None else default_config_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read the check config: {exc.strerror}", path=str(path)) from exc
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", path=str(path)) from exc
    unknown = sorted(set(data) - {"mining", "identity", "usage", "phrasing", "rule"})
    if unknown:
        raise InputError(f"unknown table(s): {', '.join(unknown)}", path=str(path))
    config = CheckConfig(
        mining=_section(MiningConfig, data.get("mining", {}), str(path), "mining"),
        identity=_section(IdentityConfig, data.get("identity", {}), str(path), "identity"),
        usage=_section(UsageConfig, data.get("usage", {}), str(path), "usage"),
        phrasing=_merge_phrasing(data.get("phrasing", {}), path),
        rules=[_declared_rule(t, str(path), i) for i, t in enumerate(data.get("rule", []))],
        source=str(path),
    )
    return config
