"""張爾岐's collation lists (KR1d0038 _018 監本正誤, _019 石本誤字): the reader, the parsing of
their entries and the claims they make in a build, attributed to him."""

from __future__ import annotations

import pytest

from ritegraph.build import build
from ritegraph.collation_parse import ListGrammar, load_list_grammar, parse_entry
from ritegraph.corpus import load_manifest, read_text
from ritegraph.errors import InputError
from ritegraph.model import Layer
from ritegraph.read import open_graph
from ritegraph.readers import reader_for
from ritegraph.store import open_store
from ritegraph.vocab import BASE

from .test_fuzz_readers import check_reading
from .witness_support import FOLD, REPO, corpus_of

GRAMMAR = load_list_grammar()
LISTS = ("kanripo/KR1d0038/KR1d0038_018.txt", "kanripo/KR1d0038/KR1d0038_019.txt")
ZHANG = f"{BASE}person/zhang-erqi"


@pytest.fixture(scope="module")
def readings():
    files = {f.name: f for f in load_manifest().files}
    out = {}
    for name in LISTS:
        text = read_text(files[name].path)
        out[name] = (text, reader_for(files[name])(files[name], text))
    return out


def _entry(result, start: str):
    return next(p for p in result.passages if p.layer is Layer.KAOZHENG
                and p.text.startswith(start))


def test_the_lists_are_read_into_passages_that_tile_the_files(readings):
    for name, (text, result) in readings.items():
        check_reading(result, text)
        assert result.warnings == [] and result.sections == []
        layers = {p.layer for p in result.passages}
        assert layers <= {Layer.BIAOTI, Layer.KAOZHENG, Layer.SPACE, Layer.MARKUP}, name
        titles = [p.text for p in result.passages if p.layer is Layer.BIAOTI]
        assert len(titles) == 18 and titles[0].endswith("(附/)")  # the title and 17 rites
    _, monben = readings[LISTS[0]]
    entries = [p for p in monben.passages if p.layer is Layer.KAOZHENG]
    assert len(entries) == 132  # the preface, 130 entries, the closing count
    assert entries[0].text.startswith("十三經監本") and entries[0].text.endswith("如左")
    assert entries[-1].text.startswith("共脱八十字") and entries[-1].text.endswith("槩置之")


def test_each_heading_sets_the_rite_of_what_follows(readings):
    for name, heading in ((LISTS[0], "䘮服"), (LISTS[1], "喪服")):
        result = readings[name][1]
        k = next(p.index for p in result.passages if p.text == heading)
        assert result.passages[k].layer is Layer.BIAOTI and result.passages[k].rite == "sangfu"
        after = next(p for p in result.passages[k + 1:] if p.layer is Layer.KAOZHENG)
        assert after.rite == "sangfu" and after.text.startswith(("妾為君", "若是則生養"))
    result = readings[LISTS[0]][1]
    assert _entry(result, "兩圜壺").rite == "yanli"
    assert _entry(result, "十三經監本").rite == "shiguanli"  # the preface: the first rite's


def test_an_entry_is_its_file_slice_over_lines_and_page_breaks(readings):
    text, result = readings[LISTS[0]]
    one = _entry(result, "兩圜壺")
    assert one.text == text[one.start:one.end] == "兩圜壺壺誤作壼(第四/&KR1114;)"
    assert one.citation == "018-3b.1.1"
    wrapped = _entry(result, "視諸衿鞶")  # runs on into a line of the same indent
    assert wrapped.text.endswith("\u3000十四字(第五十/一&KR1114;)")
    paged = _entry(result, "長皆答拜下脱")  # its note after a page break, indented deeper
    assert "<pb:KR1d0038_WYG_018-9b>" in paged.text and paged.text.endswith("&KR1114;)")
    assert _entry(result, "舉觶者洗").start > paged.end
    _, stone = readings[LISTS[1]]
    noted = _entry(stone, "某得以為")  # a second note on the next line is the entry's
    assert noted.text.endswith("(記/文)¶\n\u3000\u3000(監本/似長)")


def claims(entry: str, g: ListGrammar = GRAMMAR) -> list[tuple[str, str, str, str, str]]:
    """(form, kind, context with X marked [X], X, Y) of an entry (its text without notes)."""
    s = FOLD(entry)
    out = []
    for c in parse_entry(s, g):
        located = "".join(s[a:b] for a, b in c.located)
        x0, x1 = c.x
        marked = f"{located[:x0]}[{located[x0:x1]}]{located[x1:]}"
        out.append((c.form, c.kind, marked, located[x0:x1], "".join(s[a:b] for a, b in c.reads)))
    return out


def f(*row: str) -> tuple[str, ...]:
    return tuple(row[:2]) + tuple(FOLD(x) for x in row[2:])


def test_a_word_written_otherwise_is_a_substitution_of_the_context():
    assert claims("兩圜壺壺誤作壼") == [f("error", "substitution", "两圜[壶]", "壺", "壼")]
    assert claims("命去侯侯作俟") == [f("writes", "substitution", "命去[侯]", "侯", "俟")]
    # X and Y trimmed of what they share: 皆如 → 亦如 is 皆 → 亦
    assert claims("適左个中皆如之皆如作亦如") == [
        f("writes", "substitution", "適左个中[皆]如之", "皆", "亦")]
    assert claims("坐啐醴誤作啐酒") == [f("error", "substitution", "坐啐[醴]", "醴", "酒")]
    assert claims("賔北面自閒坐左擁簠梁左誤作右簠誤作簋") == [
        f("error", "substitution", "賔北面自閒坐[左]擁簠梁", "左", "右"),
        f("error", "substitution", "賔北面自閒坐左擁[簠]梁", "簠", "簋")]


def test_the_same_characters_in_another_order_and_a_clause_put_before_another():
    assert claims("外内皆埽作内外") == [f("writes", "order", "[外内]皆埽", "外内", "内外")]
    assert claims("立于主人席北西面西面誤作面西") == [
        f("error", "order", "立于主人席北[西面]", "西面", "面西")]
    ((form, kind, _, x, y),) = claims("君貺寡君延及二三老拜又拜送誤以又拜送句倒置君貺句之上")
    assert (form, kind, x, y) == f("transposition", "order", "君貺寡君延及二三老拜又拜送",
                                   "又拜送寡君延及二三老拜君貺")


def test_the_text_lacking_or_adding_characters():
    assert claims("介俎脊脅肫胳肺脱肫字") == [
        f("omission", "addition-omission", "介俎脊脅[肫]胳肺", "肫", "")]
    assert claims("以耦告于大夫脱以耦二字") == [
        f("omission", "addition-omission", "[以耦]告于大夫", "以耦", "")]
    assert claims("射人乃升大夫大夫皆升就席脱下升字") == [  # 下: the later 升
        f("omission", "addition-omission", "射人乃升大夫大夫皆[升]就席", "升", "")]
    assert claims("哀子某來日某卜葬其父某甫脱第二某字") == [
        f("omission", "addition-omission", "哀子某來日[某]卜葬其父某甫", "某", "")]
    assert claims("各以其物獲下脱士鹿中翿旌以獲七字") == [  # 下脱: after the context
        f("omission-beside", "addition-omission", "各以其物獲[士鹿中翿旌以獲]",
          "士鹿中翿旌以獲", "")]
    assert claims("亨于門外東方上脫其牲狗也四字") == [  # 上脫: before it
        f("omission-beside", "addition-omission", "[其牲狗也]亨于門外東方", "其牲狗也", "")]
    assert claims("司士朼豕亦司士載亦右體作載右體") == [  # 載右體 for 載亦右體: 亦 lacking
        f("writes", "addition-omission", "司士朼豕亦司士載[亦]右體", "亦", "")]
    assert claims("乃載于羊俎卒載下羨一俎字") == [  # an insertion point, and what is added
        f("addition", "addition-omission", "乃載于羊俎卒載[]", "", "俎")]


def test_the_named_text_and_entries_of_other_shapes():
    (claim,) = parse_entry(FOLD("某得以為昏姻之故監本作某以得為昏姻之故"), GRAMMAR)
    assert (claim.form, claim.kind, claim.tradition) == ("writes", "order", "監本")
    for entry in ("侯氏裨冕裨誤從示", "王受之玉玉缺一㸃", "尸受同祭于豆祭誤倒作同受",
                  "亦可張也唐石經吳氏本俱亦張可也", "鹿淺幦干笮干誤作干"):
        assert claims(entry) == [], entry


def test_the_grammar_rejects_an_unknown_key(tmp_path):
    path = tmp_path / "collation.toml"
    text = (REPO / "ingest" / "collation.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('unit = "字"', 'unit = "字"\nunits = "字"'), encoding="utf-8")
    with pytest.raises(InputError, match=r"\[zhang\]: unknown keys \['units'\]"):
        load_list_grammar(path)
    path.write_text(text.replace('numerals = "一二三四五六七八九十百"', 'numerals = "一二"'),
                    encoding="utf-8")
    with pytest.raises(InputError, match="numerals"):
        load_list_grammar(path)


@pytest.fixture(scope="module")
def yanli_lists(tmp_path_factory):
    root = tmp_path_factory.mktemp("lists")
    corpus = corpus_of(["kanripo/KR1d0038/KR1d0038_006.txt", *LISTS], root / "corpus")
    return build(root / "store", corpus), root / "store"


def test_zhang_erqis_claim_on_the_round_jars_of_yanli_is_located_in_his_jing(yanli_lists):
    report, store_dir = yanli_lists
    variants = [v for v in open_graph(store_dir).variants("yanli") if v.attributed_to == ZHANG]
    texts = {name: (REPO / "corpus" / name).read_text(encoding="utf-8")
             for name in ("kanripo/KR1d0038/KR1d0038_006.txt", *LISTS)}
    for v in variants:
        for r in v.readings:
            assert texts[r.file][r.start:r.end] == r.quote, r
            assert texts[r.file][r.end:r.end + len(r.suffix)] == r.suffix
    jars = [v for v in variants if any(r.quote == "兩圜壺壺誤作壼" for r in v.readings)]
    assert len(jars) == 1 and jars[0].kind == "substitution"
    classic, entry = jars[0].readings
    assert (classic.file, classic.quote, classic.edition) == (
        "kanripo/KR1d0038/KR1d0038_006.txt", "壺", "siku-judou")
    assert texts[classic.file][classic.start - 2:classic.end] == "兩圜壺"
    assert classic.prefix.endswith("兩圜")
    assert entry.quote == texts[entry.file][entry.start:entry.end] == "兩圜壺壺誤作壼"
    assert (entry.file, entry.tradition, entry.reads) == (LISTS[0], "監本", "壼")
    assert {r.tradition for v in variants for r in v.readings} == {"", "監本", "石本"}
    kinds = report.collation["claims_by_rite"]["yanli"]
    assert sum(kinds.values()) == len(variants) and kinds["addition-omission"] >= 3
    lists = {c["file"]: c for c in report.collation["lists"]}
    assert (lists[LISTS[0]]["entries"], lists[LISTS[1]]["entries"]) == (130, 58)
    assert all(c["parsed"] + c["unparsed"] == c["entries"] for c in lists.values())
    assert all(c["located"] + c["unlocated"] == c["claims"] for c in lists.values())
    labels = {(row["l"].value, row["l"].language) for row in open_store(store_dir).query(
        f"SELECT ?l WHERE {{ <{ZHANG}> <http://www.w3.org/2000/01/rdf-schema#label> ?l }}",
        use_default_graph_as_union=True)}
    assert labels == {("张尔岐", "zh-hans"), ("張爾岐", "zh-hant"), ("Zhang Erqi", "en")}
