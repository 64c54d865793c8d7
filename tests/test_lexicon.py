"""The lexicon data (ingest/lexicon/*.toml) and its loader and SKOS export."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rdflib import RDF, URIRef
from rdflib.namespace import SKOS

from ritegraph.errors import InputError
from ritegraph.lexicon import (
    OBJECT_CLASSES,
    RG,
    SCHEME_FILES,
    concept_iri,
    default_lexicon_dir,
    load_lexicon,
    scheme_iri,
)
from ritegraph.rdf.lexicon import lexicon_graph


def _lemmas(text: str) -> list[str]:
    return text.split()


# The lemma inventory of the gold guide (GUIDE.md §4), copied: tests never read /work/shared.
GOLD_AGENTS = _lemmas("""
宾 众宾 主人 公 卿 大夫 下大夫 士 士长 旅食 庶子 上介 介 客 摈者
上摈 相者 夫人 司正 司射 司马 射人 小臣 司宫 膳宰 宰 宰夫 贾人 有司
赞者 获者 释获者 弟子 上射 不胜者 举觯者 工 笙 大师 乐正 乐人
执膳爵者 所赐者 旅人 甸人 雍人 右人 左人 载者
""")
GOLD_ACTIONS = _lemmas("""
拜 再拜 再拜稽首 答拜 拜送 拜受 拜至 拜洗 下拜 三拜 成拜 揖 三揖 让
三让 辟 辞 礼辞 辞降 辞洗 对 许 请 请宾 请事 请命 命 受命 告 告具
告旨 曰 致命 致馆 致 速 使 讶 劳 献 酢 酬 媵 举 举觯 实 酌 卒爵
卒觯 饮 祭 哜 哜肺 啐 啐酒 擩 升 升堂 升席 降 降席 尽阶 栗阶 入
反入 出 出迎 迎 送 从 帅 导 纳 适 至 就 就席 即席 进 退 少退
三退 还 左还 交 反位 复位 立 疑立 坐 兴 起 俟 待载 负 负侯 负序
取 坐取 奠 坐奠 授 坐授 受 执 奉 设 坐设 进设 陈 荐 彻 加 加席
筵 迁 坐迁 倚 去 去扑 搢 搢扑 启 坐启 抽 载 匕 横弓 左瑟 垂 垂缫
屈 屈缫 赐 纳射器 洗 盥 袭 裼 说屦 奏 发 射
""")
GOLD_OBJECTS = _lemmas("""
爵 觯 角觯 象觯 觚 膳爵 酒 散 膳 俎 牲体 肺 脯 醢 豆 簋 铏 镫
盖 大羹 醯酱 酱 韭菹 菹 黍 稷 枣 栗 竹簋方 飧 鼎 幂 扃 匕 席 筵
几 弓 矢 射器 扑 旌 丰 中 算 瑟 烛 屦 圭 缫 椟 币
""")
GOLD_PLACES = _lemmas("""
阼阶 阼阶下 西阶 西阶东 西阶西 阶 阶前 阶西 堂 堂下 堂西 中堂 中庭
门 门外 门东 门左 大门 大门内 门内霤 庙门 户西 朝 馆 次 楣 东楹
东楹东 西楹 西楹西 楹内 序 序内 西序 东夹北 东夹南 东堂下 东房 东塾
席 席前 席下 席西 荐西 荐南 俎 俎西 豆 豆东 豆西 上豆之间 酱东 酱西
篚 上篚 洗 洗南 尊 鼎 鼎西 鼎南 碑 丰 侯 侯中 县中
""")
GOLD_FACING = _lemmas("北 南 东 西 西北")



@pytest.fixture(scope="module")
def lexicon():
    return load_lexicon()


def test_inventory_sizes(lexicon):
    assert len(GOLD_AGENTS) == 49 and len(GOLD_ACTIONS) == 143
    assert len(GOLD_OBJECTS) == 52 and len(GOLD_PLACES) == 66
    assert len(lexicon) >= 300
    assert {c.scheme for c in lexicon} == set(SCHEME_FILES)


@pytest.mark.parametrize(("scheme", "lemmas"), [
    ("role", GOLD_AGENTS), ("action", GOLD_ACTIONS), ("object", GOLD_OBJECTS),
    ("place", GOLD_PLACES), ("direction", GOLD_FACING),
])
def test_every_gold_lemma_is_a_preflabel(lexicon, scheme, lemmas):
    prefs = {c.zh for c in lexicon.scheme(scheme)}
    assert [lemma for lemma in lemmas if lemma not in prefs] == []


def test_design_iris(lexicon):
    for scheme, zh, slug in [("role", "宾", "bin"), ("object", "觯", "zhi"),
                             ("place", "阼阶", "zuojie"), ("action", "拜", "bai"),
                             ("direction", "北", "bei")]:
        concept = lexicon.concept(scheme, zh)
        assert concept.iri == f"https://w3id.org/ritegraph/{scheme}/{slug}"
        assert lexicon.label(concept.iri) == zh


def test_shared_labels_only_between_ambiguous_concepts(lexicon):
    index = lexicon.label_index(modern=True)
    shared = {label: concepts for label, concepts in index.items() if len(concepts) > 1}
    assert shared, "席 (mat / place) at least is expected to be shared"
    for label, concepts in shared.items():
        assert all(c.ambiguous for c in concepts), label
    # and the flag is not set where nothing is shared
    flagged = {c.iri for c in lexicon if c.ambiguous}
    assert flagged == {c.iri for concepts in shared.values() for c in concepts}


def test_modern_synonyms_from_the_guide(lexicon):
    index = lexicon.label_index(modern=True)
    expected = {"宾客": "宾", "众宾客": "众宾", "乐工": "工", "东阶": "阼阶", "西柱": "西楹",
                "竹筐": "篚", "箭靶": "侯", "作揖": "揖", "拱手": "揖", "下台阶": "降",
                "回拜": "答拜", "拜两次": "再拜", "角杯": "觯", "酒杯": "酒器"}
    for word, lemma in expected.items():
        # the lemma is the prefLabel, or its surface form (an alt) where the prefLabel carries a
        # qualifier against a clash (酒器 → 酒器（泛称）)
        assert lemma in {label for c in index[word] for label in (c.zh, *c.alt)}, word
    classical = lexicon.label_index(modern=False)
    assert "宾客" not in classical and "宾" in classical


def test_compound_bows_have_broader_bai(lexicon):
    bai = lexicon.concept("action", "拜").iri
    for zh in ("再拜", "答拜", "拜送", "拜受"):
        assert bai in lexicon.concept("action", zh).broader
    assert lexicon.concept("action", "奠").iri in lexicon.concept("action", "坐奠").broader


def test_object_classes(lexicon):
    used = {c.rdf_class for c in lexicon.scheme("object")}
    assert used <= {str(RG[name]) for name in OBJECT_CLASSES}
    assert lexicon.concept("object", "觯").rdf_class == RG.DrinkingVessel
    assert lexicon.concept("role", "宾").rdf_class == RG.RitualRole


def test_lexicon_graph(lexicon):
    graph = lexicon_graph(lexicon)
    concepts = set(graph.subjects(RDF.type, SKOS.Concept))
    assert concepts == {URIRef(c.iri) for c in lexicon}
    for node in concepts:
        langs = {label.language for label in graph.objects(node, SKOS.prefLabel)}
        assert {"zh-Hans", "zh-Hant"} <= langs, node
        schemes = set(graph.objects(node, SKOS.inScheme))
        assert len(schemes) == 1 and (next(iter(schemes)), RDF.type, SKOS.ConceptScheme) in graph
        for target in graph.objects(node, SKOS.broader):
            assert target in concepts and (target, SKOS.inScheme, next(iter(schemes))) in graph
        has_broader = (node, SKOS.broader, None) in graph
        assert has_broader != ((node, SKOS.topConceptOf, None) in graph), node
    for target in graph.objects(None, SKOS.related):
        assert target in concepts
    zhi = URIRef(concept_iri("object", "zhi"))
    assert (zhi, RDF.type, URIRef(RG.DrinkingVessel)) in graph
    assert (zhi, SKOS.inScheme, URIRef(scheme_iri("object"))) in graph


def _copy_lexicon(tmp_path: Path) -> Path:
    target = tmp_path / "lexicon"
    shutil.copytree(default_lexicon_dir(), target)
    return target


@pytest.mark.parametrize(("old", "new", "message"), [
    ('zh = "宾"\n', "", "lacks 'zh'"),
    ('broader = ["zhongbin"]', 'broader = ["nobody"]', "unknown broader slug 'nobody'"),
    ('slug = "zhongbin"', 'slug = "bin"', "duplicate slug 'bin'"),
    ('en = "officer of the lord"', 'en = "x"\nmodern = ["主人"]', "label '主人'"),
])
def test_bad_entries_are_input_errors(tmp_path, old, new, message):
    directory = _copy_lexicon(tmp_path)
    path = directory / "roles.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError, match=message) as info:
        load_lexicon(directory)
    assert "roles.toml" in str(info.value)


def test_bad_variant_is_an_input_error(tmp_path):
    directory = _copy_lexicon(tmp_path)
    with (directory / "variants.toml").open("a", encoding="utf-8") as handle:
        handle.write('"乾" = "干燥"\n')
    with pytest.raises(InputError, match="one character"):
        load_lexicon(directory)
