"""The 四庫 editors' 考證 closing each 卷 of KR1d0028: entries split at ○, the claim forms of
their remarks, and the claims on the 經 located in a build of one file (鄉射禮), attributed to
the editors. (Chapters 02, 04, 07 and 15 are held out: not used here.)"""

from __future__ import annotations

import shutil

import pytest

from ritegraph.build import build
from ritegraph.corpus import load_manifest, read_text
from ritegraph.kaozheng import split_entries
from ritegraph.kaozheng_parse import load_kaozheng_grammar, parse_segment
from ritegraph.read import open_graph
from ritegraph.readers import reader_for
from ritegraph.store import open_store
from ritegraph.vocab import BASE

from .witness_support import FOLD, REPO, corpus_of

GRAMMAR = load_kaozheng_grammar()
XIANGSHE = "kanripo/KR1d0028/KR1d0028_005.txt"
#: The editions KR1d0028 is read with (not built: [[unread]] in the cut-down manifest).
SIBLINGS = ("kanripo/KR1d0026/KR1d0026_005.txt", "kanripo/KR1d0038/KR1d0038_005.txt")
SIKU = f"{BASE}person/siku-editors"


@pytest.fixture(scope="module")
def xiangshe():
    file = next(f for f in load_manifest().files if f.name == XIANGSHE)
    text = read_text(file.path)
    return text, reader_for(file)(file, text)


def test_entries_are_lemma_and_remark_segments_that_are_file_slices(xiangshe):
    text, result = xiangshe
    entries = split_entries(result, FOLD)
    assert len(entries) == 41 and {e.rite for e in entries} == {"xiangsheli"}
    for e in entries:
        passage = result.passages[e.passage]
        assert passage.start <= e.lemma[0] < e.lemma[1] < e.remark[0] <= e.remark[1]
        assert e.remark[1] <= passage.end and "○" in text[e.lemma[1]:e.remark[0]]
    by_lemma = {text[slice(*e.lemma)]: e for e in entries}
    tent = by_lemma["乃張侯疏上綱與下綱出舌尋縜寸焉"]
    assert [text[a:b] for a, b in tent.segments] == ["縜監本譌作¶\n\u3000絹今据考工記正之"]
    wrapped = next(e for t, e in by_lemma.items() if t.startswith("工四人二瑟疏"))
    assert text[slice(*wrapped.lemma)].endswith("入則¶\n\u3000深")  # over a line break
    two = by_lemma["司馬袒決執弓升"]  # a 疏 quoted in the remark, with its own ○
    assert len(two.segments) == 2
    assert text[slice(*two.segments[1])] == "監本脱故不束三字今¶\n\u3000尋繹上下文義補之"


def claims(remark: str, lemma: str) -> list[tuple[str, str, str, str, str]]:
    """(form, kind, X with the variant's part marked [ ], Y, the text named) of a remark."""
    s, out = FOLD(remark), []
    for c in parse_segment(s, FOLD(lemma), GRAMMAR):
        a, b = c.sub
        y = "" if c.reads is None else s[c.reads[0]:c.reads[1]]
        out.append((c.form, c.kind, f"{c.x[:a]}[{c.x[a:b]}]{c.x[b:]}", y,
                    s[c.tradition[0]:c.tradition[1]]))
    return out


def f(form: str, kind: str, x: str, y: str, tradition: str = "監本") -> tuple[str, ...]:
    return form, kind, FOLD(x), FOLD(y), FOLD(tradition)


def test_a_word_the_text_writes_otherwise():
    assert claims("縜監本譌作絹今据考工記正之", "乃張侯疏上綱與下綱出舌尋縜寸焉") == [
        f("error", "substitution", "[縜]", "絹")]
    assert claims("薦監本譌爵今依石經及敖本改", "宰夫執薦以從") == [
        f("error", "substitution", "[薦]", "爵")]
    assert claims("簠字監本譌作簋今依石經及朱子本改正", "左擁簠粱") == [
        f("error", "substitution", "[簠]", "簋")]
    assert claims("夫之親服四字監本譌作服之親三字臣紱按下從父昆弟之子章注云",
                  "傳曰問者曰中殤何以不見也疏下文發傳在婦人為夫之親服下") == [
        f("error", "substitution", "[夫之親服]", "服之親")]
    assert claims("監本湪字譌作緣今据釋文改正", "渜濯棄于坎注古文渜作湪") == [
        f("error", "substitution", "[湪]", "緣")]
    # X and Y trimmed of what they share: 賓之席前 → 賓席之前 is 之席 → 席之
    assert claims("賓之席前監本作賓席之前敖繼公云當作之席", "主人坐取爵實之賓之席前") == [
        f("writes", "order", "賓[之席]前", "席之")]
    assert claims("主婦監本譌作主人今依敖本改正", "主婦受爵酌獻二佐食") == [
        f("error", "substitution", "主[婦]", "人")]


def test_the_stone_classics_and_texts_named_with_it():
    assert claims("亦石經作皆譌", "興適左个中亦如之") == [  # 譌 ends Y
        f("writes", "substitution", "[亦]", "皆", "石經")]
    assert claims("常石經及敖本作嘗", "若常為臣者") == [
        f("writes", "substitution", "[常]", "嘗", "石經及敖本")]
    assert claims("三十石經作卅下同", "門外米三十車") == [  # 下同 ends Y
        f("writes", "substitution", "[三十]", "卅", "石經")]


def test_the_text_lacking_words():
    assert claims("監本脫復字今依石經及敖本補正", "卒徹祝佐食降復位") == [
        f("omission", "addition-omission", "[復]", "")]
    assert claims("石經無大字", "閽人為大燭於門外") == [
        f("omission", "addition-omission", "[大]", "", "石經")]
    assert claims("監本脱故不束三字今", "疏不敢殊别於賓故不束") == [
        f("omission", "addition-omission", "[故不束]", "")]
    assert claims("但蓍龜卦兆五字監本脱去臣學健按", "筮于庿門疏但蓍龜卦兆各有所對") == [
        f("omission", "addition-omission", "[但蓍龜卦兆]", "")]
    # 此七字: the lemma itself
    assert claims("此七字監本全脫今依石經及敖本補正", "哭止告事畢賓出") == [
        f("omission", "addition-omission", "[哭止告事畢賓出]", "")]
    assert claims("監本脫此七字今依石經及敖本補正", "以授尸坐取簞興") == [
        f("omission", "addition-omission", "[以授尸坐取簞興]", "")]


def test_the_text_adding_words_after_or_before_a_word_or_the_lemma():
    assert claims("監本一字下衍作字臣紱按膚長四寸", "長尺有握注刋本一膚") == [
        f("addition", "addition-omission", "一[]", "作")]
    assert claims("豕匕湇下監本衍豕肉湇三字臣紱按", "雍人合執二俎陳于羊俎西竝注司士以羞豕匕湇") == [
        f("addition", "addition-omission", "豕匕湇[]", "豕肉湇")]
    assert claims("監本此下衍受爵酌獻侑侑拜受三獻北面答拜十四字石經及他本無之今刪",
                  "酌獻侑侑拜受三獻北面答拜") == [
        f("addition", "addition-omission", "酌獻侑侑拜受三獻北面答拜[]",
          "受爵酌獻侑侑拜受三獻北面答拜")]
    assert claims("告于上石經及敖本有以耦二字", "告于大夫曰") == [
        f("addition", "addition-omission", "[]告于", "以耦", "石經及敖本")]


def test_remarks_of_other_shapes_are_not_read():
    for remark, lemma in (("疏十二字監本訛在下節之下今移屬此爲是", "賓卒洗揖讓如初升疏釋曰"),
                          ("兩只字監本皆譌尺臣紱按只八寸", "中十尺疏純三只只八寸"),
                          ("監本左右互譌今据鄉飲鄉射經文改之", "宰夫右執觶疏主人奠于薦右"),
                          ("受同二字監本誤倒今依石經及敖本改正", "尸受同祭于豆祭"),
                          ("敖繼公云請下似脱一賓字", "主人戒賓賓出迎再拜主人答再拜乃請")):
        assert claims(remark, lemma) == [], remark


@pytest.fixture(scope="module")
def xiangshe_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("kaozheng")
    corpus = root / "corpus"
    corpus_of([XIANGSHE], corpus)
    unread = ""
    for name in SIBLINGS:
        (corpus / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / "corpus" / name, corpus / name)
        unread += f'\n[[unread]]\nname = "{name}"\nreason = "the edition KR1d0028 is read with"\n'
    manifest = corpus / "corpus.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + unread, encoding="utf-8")
    return build(root / "store", corpus), root / "store"


def test_the_editors_claims_on_the_jing_of_xiangsheli_are_located_in_its_jing(xiangshe_build):
    report, store_dir = xiangshe_build
    text = (REPO / "corpus" / XIANGSHE).read_text(encoding="utf-8")
    variants = [v for v in open_graph(store_dir).variants("xiangsheli")
                if v.attributed_to == SIKU]
    assert variants
    for v in variants:
        for r in v.readings:
            assert r.file == XIANGSHE and text[r.start:r.end] == r.quote, r
            assert text[r.end:r.end + len(r.suffix)] == r.suffix
    taken = [v for v in variants if any(r.quote == "取監本譌作作" for r in v.readings)]
    assert len(taken) == 1 and taken[0].kind == "substitution"
    classic, statement = taken[0].readings
    assert (classic.quote, classic.edition) == ("取", "siku-zhushu")
    assert text[classic.start - 1:classic.end + 2] == "改取一个"
    assert classic.start < text.index("卷五考證")  # in the 經, not the 考證
    assert (statement.tradition, statement.reads) == ("監本", "作")
    added = [v for v in variants if any(r.quote == "告于上石經及敖本有以耦二字"
                                        for r in v.readings)]
    assert len(added) == 1 and added[0].readings[0].quote == ""  # before 告于: a point
    assert text[added[0].readings[0].start:added[0].readings[0].start + 2] == "告于"
    # on the 注 of its lemma (主人坐取爵興注致潔敬也): not located
    assert not any(r.quote.startswith("致監本") for v in variants for r in v.readings)
    counts = report.collation["kaozheng"]
    assert (counts["files"], counts["entries"]) == (1, 41)
    assert counts["parsed"] + counts["unparsed"] == counts["naming"]
    assert counts["located"] + counts["not_in_jing"] + counts["unlocated"] == counts["parsed"]
    assert counts["located"] == len(variants) >= 10 and counts["not_in_jing"] >= 5
    assert sum(counts["claims_by_rite"]["xiangsheli"].values()) == len(variants)
    labels = {(row["l"].value, row["l"].language) for row in open_store(store_dir).query(
        f"SELECT ?l WHERE {{ <{SIKU}> <http://www.w3.org/2000/01/rdf-schema#label> ?l }}",
        use_default_graph_as_union=True)}
    assert labels == {("四库馆臣", "zh-hans"), ("四庫館臣", "zh-hant"),
                      ("the Siku Quanshu editors", "en")}
