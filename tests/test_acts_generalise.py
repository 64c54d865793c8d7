"""Rules added to generalise beyond the dev set, each on a real excerpt cut from the seeds, and
score floors on the held-out check set (ours) and the dev set (shared, skipped when absent)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ritegraph.acts.evaluate import act_record, evaluate, load_gold
from ritegraph.acts.extract import corpus_acts
from tests.test_acts import acts_of

CHECK = Path(__file__).parent / "fixtures" / "acts" / "heldout_check.jsonl"
DEV = Path(__file__).resolve().parents[2] / "shared" / "gold" / "dev.jsonl"


def test_addressed_verbs_without_an_addressee_go_to_the_other_actor() -> None:
    # 003: 宾降，公辞 … 公壹揖、壹让 — declined, bowed to and yielded to: the 宾
    acts = acts_of("宾降，公辞。卒盥，公壹揖、壹让，公升，宾升。")
    assert [(a.action, a.recipients) for a in acts if a.agents == ["公"]][:1] == [("辞", ["宾"])]
    assert [a.recipients for a in acts if a.action in ("揖", "让")] == [["宾"], ["宾"]]
    # 000: 主人应答 answers the 大夫 who declined
    acts = acts_of("大夫辞谢加设席子，主人应答，不加设席子", modern=True)
    assert [(a.action, a.agents, a.recipients, a.negated) for a in acts] == [
        ("辞", ["大夫"], [], False),  # 辞加席: the thing declined is not a separate act
        ("对", ["主人"], ["大夫"], False),
        ("加席", ["主人"], [], True)]


def test_a_shorter_match_yields_to_an_overlapping_verb() -> None:
    # 000: 西阶下堂 is 西阶 + 下堂 (降), not the place 西阶下 + 堂
    first = acts_of("司正从西阶下堂，在阶前命令弟子", modern=True)[0]
    assert (first.quote, first.action, first.places) == ("司正从西阶下堂", "降", ["西阶"])


def test_verbless_clause_with_a_facing_is_standing() -> None:
    # 003: 小臣，东堂下，南面，西上。宰，东夹北，西面，南上。(GUIDE: annotated as 立)
    acts = acts_of("小臣，东堂下，南面，西上。宰，东夹北，西面，南上。")
    assert [(a.quote, a.action, a.agents, a.places, a.facing) for a in acts] == [
        ("小臣，东堂下，南面", "立", ["小臣"], ["东堂下"], "南"),
        ("宰，东夹北，西面", "立", ["宰"], ["东夹北"], "西")]


def test_classic_role_before_a_thing_after_a_verb_is_its_owner() -> None:
    # 002: 执膳爵者受公爵酌反奠之 — 公 owns the cup, the pourer stays 执膳爵者
    acts = acts_of("执膳爵者受公爵酌反奠之")
    assert [(a.action, a.agents) for a in acts] == [
        ("受", ["执膳爵者"]), ("酌", ["执膳爵者"]), ("奠", ["执膳爵者"])]
    # 002: 膳宰彻公俎降自阼阶 — 膳宰 goes down, not 公
    assert acts_of("膳宰彻公俎降自阼阶")[1].agents == ["膳宰"]
    # an addressed verb keeps its addressee (004 公侧授宰玉)
    (hand,) = acts_of("公侧授宰玉。")
    assert (hand.recipients, hand.objects) == (["宰"], ["圭"])


def test_a_verb_that_is_a_thing_after_a_verb_is_its_object() -> None:
    # 003: 旅人取匕 / 加匕于鼎 — the spoon, not the act of ladling
    acts = acts_of("旅人取匕，甸人举鼎。旅人南面加匕于鼎，退。")
    assert [(a.action, a.objects) for a in acts] == [
        ("取", ["匕"]), ("举", ["鼎"]), ("加", ["匕"]), ("退", [])]
    assert acts[2].places == ["鼎"] and acts[2].facing == "南"


def test_dipping_with_the_split_glyph() -> None:
    # 003: 擩 is written 扌需 in the file
    acts = acts_of("宾升席，坐取韭菹，以辩扌需于醢")
    assert [(a.action, a.objects) for a in acts][-1] == ("擩", ["韭菹"])


def test_steps_counted_are_on_the_stairs() -> None:
    # 002: 公降一等
    lower = next(a for a in acts_of("下拜公降一等小臣辞") if a.action == "降")
    assert (lower.agents, lower.places) == (["公"], ["阶"])


def test_request_and_lodging_lemmas_places_and_dress_states() -> None:
    # 004
    assert [a.action for a in acts_of("摈者出请事。")] == ["出", "请事"]
    assert [a.action for a in acts_of("大夫帅至于馆，卿致馆。")][-1] == "致馆"
    assert acts_of("至于朝，")[0].places == ["朝"]
    (lay,) = acts_of("宰夫朝服设飧，")  # 朝服 is a state of dress, not the court
    assert (lay.action, lay.places, lay.objects) == ("设", [], ["飧"])
    # 000: 解开决拾 is a change of dress
    assert "说决拾" in [a.action for a in acts_of("去掉扑，解开决拾，穿上外衣", modern=True)]


@pytest.fixture(scope="module")
def predicted() -> list[dict]:
    return [act_record(a) for a in corpus_acts()]


def test_heldout_check_set_floor(predicted: list[dict]) -> None:
    total, _ = evaluate(load_gold(CHECK), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.88, json.dumps(figures)  # reached 0.894


@pytest.mark.skipif(not DEV.is_file(), reason="the shared dev gold set is not present")
def test_dev_set_floor(predicted: list[dict]) -> None:
    total, _ = evaluate(load_gold(DEV), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.935, json.dumps(figures)  # reached 0.949
