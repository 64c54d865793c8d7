"""Act extraction: one test per linguistic rule, on excerpts cut from the seed texts."""

from __future__ import annotations

import pytest

from ritegraph.acts import Act, extract_acts
from ritegraph.acts.model import next_links
from ritegraph.model import Layer, Passage, ReadResult


def acts_of(text: str, *, modern: bool = False) -> list[Act]:
    """Acts of one excerpt read as a single 经 passage (or a 译 passage of the 经)."""
    layer = Layer.YI if modern else Layer.JING
    passage = Passage("x.txt", 0, 0, len(text), layer, text, 1, "yanli", 0,
                      translates=Layer.JING if modern else None)
    return extract_acts(ReadResult("x.txt", text, [passage], []))


def brief(act: Act) -> tuple:
    return (act.quote, act.action, act.agents, act.objects, act.places, act.facing, act.negated)


def test_serial_verbs_carry_the_subject_and_roles_segment_unpunctuated_text() -> None:
    # 002 献工: 主人洗升献工 → 洗, 升, 献 all by 主人; 工不兴; 左瑟一人 = the chief of the 工
    acts = acts_of("主人洗升献工工不兴左瑟一人拜受爵主人西阶上拜送爵")
    assert [brief(a) for a in acts] == [
        ("主人洗", "洗", ["主人"], ["爵"], [], None, False),  # the default cup of 洗/献
        ("升", "升", ["主人"], [], [], None, False),
        ("献工", "献", ["主人"], ["爵"], [], None, False),
        ("工不兴", "兴", ["工"], [], [], None, True),
        ("左瑟一人拜受爵", "拜受", ["工"], ["爵"], [], None, False),
        ("主人西阶上拜送爵", "拜送", ["主人"], ["爵"], ["西阶"], None, False),
    ]
    assert [a.implicit_agent for a in acts] == [False, True, True, False, False, False]
    assert acts[2].recipients == ["工"] and acts[5].recipients == ["工"]


def test_pivot_hands_the_addressee_on_as_agent() -> None:
    # 000 (translation of 命弟子纳射器)
    acts = acts_of("司射从西阶走下，在阶前面向西，命令弟子收纳射器", modern=True)
    command, fetch = acts[-2], acts[-1]
    assert (command.action, command.agents, command.recipients) == ("命", ["司射"], ["弟子"])
    assert (fetch.action, fetch.agents, fetch.objects) == ("纳", ["弟子"], ["射器"])
    assert fetch.implicit_agent
    # 002: 公命小臣辞 → 辞 by 小臣
    acts = acts_of("公命小臣辞公答再拜")
    assert [(a.action, a.agents) for a in acts] == [("命", ["公"]), ("辞", ["小臣"]),
                                                    ("答拜", ["公"])]


def test_joint_subjects() -> None:
    acts = acts_of("賔反入及卿大夫皆说屦升就席")  # 002
    assert [(a.action, a.agents) for a in acts] == [
        ("反入", ["宾"]), ("说屦", ["宾", "卿", "大夫"]), ("升", ["宾", "卿", "大夫"]),
        ("就席", ["宾", "卿", "大夫"])]
    (follow,) = acts_of("宾客与众宾客于是跟随他", modern=True)  # 000
    assert (follow.action, follow.agents) == ("从", ["宾", "众宾"])


def test_locatives_and_routes() -> None:
    acts = acts_of("乐正由楹内东楹之东告于公乃降复位")  # 002
    assert (acts[0].action, acts[0].places, acts[0].recipients) == ("告", ["楹内", "东楹东"],
                                                                     ["公"])
    assert [(a.action, a.agents) for a in acts[1:]] == [("降", ["乐正"]), ("复位", ["乐正"])]
    acts = acts_of("右人抽扃，坐奠于鼎西，南顺，出自鼎西，左人待载。")  # 003
    assert [brief(a) for a in acts] == [
        ("右人抽扃", "抽", ["右人"], ["扃"], [], None, False),
        ("坐奠于鼎西", "奠", ["右人"], ["扃"], ["鼎西"], None, False),  # object carried over
        ("出自鼎西", "出", ["右人"], [], ["鼎西"], None, False),
        ("左人待载", "待载", ["左人"], [], [], None, False),
    ]


def test_facing_goes_to_the_next_verb_else_the_one_before() -> None:
    acts = acts_of("司正洗角觯南面坐奠于中庭")  # 002; 坐 folds into 奠
    assert [brief(a) for a in acts] == [
        ("司正洗角觯", "洗", ["司正"], ["角觯"], [], None, False),
        ("南面坐奠于中庭", "奠", ["司正"], ["角觯"], ["中庭"], "南", False)]
    (stand,) = acts_of("公立于序内，西乡。")  # 003
    assert (stand.quote, stand.places, stand.facing) == ("公立于序内，西乡", ["序内"], "西")
    (ascend,) = acts_of("宾升，西楹西，东面。")  # 004
    assert (ascend.places, ascend.facing) == (["西楹西"], "东")


def test_facing_of_furnishings_is_not_the_agents() -> None:
    acts = acts_of("小臣在东阶上铺设公的席位，面朝西，铺设加席。", modern=True)  # 000
    assert [(a.action, a.agents, a.objects, a.facing) for a in acts] == [
        ("设", ["小臣"], ["席"], None), ("加席", ["小臣"], ["席"], None)]


def test_negation() -> None:
    acts = acts_of("众工不拜受爵坐祭遂卒爵辩有脯醢不祭")  # 002
    assert [(a.action, a.negated, a.objects) for a in acts] == [
        ("拜受", True, ["爵"]), ("祭", False, []), ("卒爵", False, ["爵"]), ("祭", True, [])]
    assert [(a.action, a.negated) for a in acts_of("卿大夫皆出公不送")] == [
        ("出", False), ("送", True)]


def test_modern_paraphrases() -> None:
    text = "宾客在西阶上，面向北坐下饮尽爵中的酒，起身坐下将爵放下，于是拜谢，持爵起身。"  # 000
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents, a.places, a.facing) for a in acts] == [
        ("卒爵", ["宾"], ["西阶"], "北"), ("兴", ["宾"], [], None), ("奠", ["宾"], [], None),
        ("拜", ["宾"], [], None), ("执", ["宾"], [], None), ("兴", ["宾"], [], None)]
    assert acts[0].quote == "宾客在西阶上，面向北坐下饮尽爵中的酒"
    assert acts[2].objects == ["爵"]
    (bow,) = acts_of("宾客在西阶上面朝北回拜", modern=True)
    assert (bow.action, bow.agents, bow.places, bow.facing) == ("答拜", ["宾"], ["西阶"], "北")


def test_role_noun_phrases() -> None:
    (place,) = acts_of("举角杯的人上前，坐下将角杯放在干肉的西侧", modern=True)  # 进, 坐 fold
    assert brief(place) == ("举角杯的人上前，坐下将角杯放在干肉的西侧", "奠", ["举觯者"], ["觯"],
                            ["荐西"], None, False)
    acts = acts_of("射输的人前进，面朝北坐下，取走丰上的酒杯，起身，稍微退后站立，喝完酒杯",
                   modern=True)
    assert [(a.action, a.agents[0]) for a in acts] == [
        ("取", "不胜者"), ("兴", "不胜者"), ("少退", "不胜者"), ("卒觯", "不胜者")]
    assert (acts[0].facing, acts[0].places, acts[3].objects) == ("北", ["丰"], ["觯"])
    acts = acts_of("射中靶心的人面朝南坐下，左手拿着酒杯祭祀脯醢", modern=True)
    assert acts[0].agents == ["获者"]
    acts = acts_of("所赐者兴受爵降席下奠爵再拜稽首公答拜")  # 002
    assert [(a.action, a.agents) for a in acts] == [
        ("兴", ["所赐者"]), ("受", ["所赐者"]), ("降席", ["所赐者"]), ("奠", ["所赐者"]),
        ("再拜稽首", ["所赐者"]), ("答拜", ["公"])]
    assert acts[-1].recipients == ["所赐者"]


def test_compound_bows_keep_their_lemma_and_split_bows_merge() -> None:
    assert [a.action for a in acts_of("主人回拜两次，退后宾客送行拜两次", modern=True)] == [
        "答拜", "退", "拜送"]
    (see_off,) = acts_of("主人送到大门外再拜", modern=True)
    assert (see_off.action, see_off.places) == ("拜送", ["门外", "大门"])


def test_reported_speech_is_not_acts() -> None:
    acts = acts_of("大师告于乐正曰正歌备乐正由楹内东楹之东告于公")  # 002
    assert [(a.quote, a.action, a.agents) for a in acts] == [
        ("大师告于乐正曰", "告", ["大师"]), ("乐正由楹内东楹之东告于公", "告", ["乐正"])]


def test_possessor_is_not_a_subject() -> None:
    acts = acts_of("主人就旅食之尊而献之旅食不拜受爵")  # 002
    assert [(a.action, a.agents, a.places) for a in acts] == [
        ("就", ["主人"], ["尊"]), ("献", ["主人"], []), ("拜受", ["旅食"], [])]


def test_order_and_next_links_within_a_section() -> None:
    acts = acts_of("賔降洗象觯升酌膳坐奠于荐南")  # 002
    assert [a.order for a in acts] == [1, 2, 3, 4, 5]
    assert acts[-1].objects == ["象觯"]  # carried past the 膳 (a content, not a thing handled)
    links = next_links(acts)
    assert [(a.order, b.order) for a, b in links] == [(1, 2), (2, 3), (3, 4), (4, 5)]


@pytest.mark.parametrize("text", ["主人洗升献工工不兴", "宾客在西阶上面朝北回拜"])
def test_spans_are_exact_slices(text: str) -> None:
    for act in acts_of(text, modern="客" in text):
        assert text[act.start:act.end] == act.quote


def test_modern_addressee_possessor_and_comparison_are_not_subjects() -> None:
    text = "主人拿着爵杯，在席前向大夫敬酒，大夫在西阶上拜谢。主人在大夫的右侧拜谢送爵。"  # 000
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("执", ["主人"], []), ("献", ["主人"], ["大夫"]), ("拜", ["大夫"], ["主人"]),
        ("拜送", ["主人"], ["大夫"])]
    acts = acts_of("主人登上席子，祭祀礼仪如同宾客一样，不品尝肺", modern=True)  # 000
    assert [(a.quote, a.action, a.agents, a.negated) for a in acts] == [
        ("主人登上席子", "升席", ["主人"], False), ("祭祀", "祭", ["主人"], False),
        ("不品尝肺", "哜", ["主人"], True)]


def test_topic_object_and_back_to_a_place() -> None:
    acts = acts_of("大夫既匕，匕奠于鼎，逆退，复位。")  # 003: the second 匕 is the ladle
    assert [(a.action, a.objects, a.places) for a in acts] == [
        ("匕", [], []), ("奠", ["匕"], ["鼎"]), ("退", [], []), ("复位", [], [])]
    acts = acts_of("摈者退，负东塾而立。")  # 004: 负X而立 is one act, standing at X
    assert [(a.action, a.places) for a in acts] == [("退", []), ("立", ["东塾"])]


def test_pronoun_after_a_person_directed_verb_is_the_person() -> None:
    acts = acts_of("公迎之于大门内揖让升")  # 002 记: 之 = the guest, not a thing
    assert (acts[0].action, acts[0].objects, acts[0].places) == ("迎", [], ["大门内"])


def test_negation_stays_in_its_clause() -> None:
    (fill,) = acts_of("大羹湆不和，实于镫")  # 003: 不 negates 和 (not an act), not 实
    assert (fill.action, fill.negated) == ("实", False)


def test_pouring_fills_the_cup_in_hand() -> None:
    """酌 with no cup written fills the cup last handled (GUIDE: an object clear from context),
    the default cup when none was (主人洗升酌: the 爵 of 主人洗)."""
    assert [(a.action, a.objects) for a in acts_of("主人坐取觶洗升酌")][-1] == ("酌", ["觯"])
    assert [(a.action, a.objects) for a in acts_of("主人洗升酌")][-1] == ("酌", ["爵"])


def test_receiving_takes_the_thing_handed() -> None:
    """受 with nothing written receives the thing last handled (觐礼 大史加書于服上侯氏受: the
    命书 laid on the clothes)."""
    acts = acts_of("大史加書于服上侯氏受")
    assert [(a.action, a.agents, a.objects) for a in acts][-1] == ("受", ["侯氏"], ["命书"])


def test_bowing_on_receiving_takes_the_thing_brought() -> None:
    """拜受 with nothing written receives, as 受, the thing last handled (士相见礼
    賓奉摯入門左主人再拜受: the 挚 the guest carried in)."""
    acts = acts_of("賓奉摯入門左主人再拜受")
    assert [(a.action, a.agents, a.objects) for a in acts][-1] == ("拜受", ["主人"], ["挚"])


def test_handing_with_no_one_named_goes_to_the_other_actor() -> None:
    """授 naming no receiver is handed to the last other actor, as an address is (GUIDE: 授's
    recipient is the person addressed; 士虞礼 淳尸盥宗人授巾: the towel to the 尸)."""
    acts = acts_of("淳尸盥宗人授巾")
    assert [(a.action, a.agents, a.recipients, a.objects) for a in acts][-1] == (
        "授", ["宗人"], ["尸"], ["巾"])


def test_the_shaken_offering_is_of_the_food_held_not_its_dip() -> None:
    """振祭 offers the food in hand (carry); 擩 (dipping) names what it is dipped into, which
    is not taken in hand (verbs.toml ``dips``: 士虞礼 右取肝擩鹽振祭: the 肝, not the 盐)."""
    acts = acts_of("右取肝擩鹽振祭")
    assert [(a.action, a.objects) for a in acts] == [("取", ["肝"]), ("擩", ["盐"]),
                                                     ("振祭", ["肝"])]


def test_rising_with_the_cup_takes_no_object() -> None:
    """兴 after 以 (執爵以興) is rising, the cup only held (verbs.toml ``no_carry``: the sets
    give 兴 no object); 以降 carries the thing held down (GUIDE: 以降 → the cup)."""
    acts = acts_of("坐卒爵執爵以興坐奠爵拜執爵以降")
    assert [(a.action, a.objects) for a in acts if a.action in ("兴", "降")] == [
        ("兴", []), ("降", ["爵"])]


def test_receiving_right_after_a_handing_is_the_one_handed() -> None:
    """A subjectless 受 written right after 授, with only the things handed between, is the one
    handed them (verbs.toml ``gives``/``receives``; 有司彻 雍人授次賔疏匕與俎受于鼎西: the 次宾
    receives and holds the stand; 疏匕, the carved ladle, is a thing, not a 匕 act)."""
    acts = acts_of("雍人授次賔疏匕與俎受于鼎西左手執俎")
    assert [(a.action, a.agents) for a in acts] == [
        ("授", ["雍人"]), ("受", ["次宾"]), ("执", ["次宾"])]
    assert acts[0].recipients == ["次宾"] and "疏匕" in acts[0].objects


def test_the_giver_goes_on_after_handing() -> None:
    """After 授 the one handed, written right before the next verb, does not do it: the giver
    goes on (少牢 宗人…以授尸坐取簞興: the 宗人 takes the basket and rises), while a 受 there is
    the one handed's (see the test above)."""
    acts = acts_of("宗人奉槃東面于庭南一宗人奉匜水西面于槃東一宗人奉簞巾南面于槃北乃沃尸盥于槃上"
                   "卒盥坐奠簞取巾興振之三以授尸坐取簞興以受尸巾")
    assert [(a.action, a.agents) for a in acts][-4:] == [
        ("授", ["宗人"]), ("取", ["宗人"]), ("兴", ["宗人"]), ("受", ["宗人"])]
