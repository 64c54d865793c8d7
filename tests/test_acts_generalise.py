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
CHECK2 = Path(__file__).parent / "fixtures" / "acts" / "heldout_check2.jsonl"
CHECK3 = Path(__file__).parent / "fixtures" / "acts" / "heldout_check3.jsonl"
#: Check sets on the Kanripo editions of chapters 03 10 11 12 13 14 16 17, annotated by
#: ../shared/gold/GUIDE.md + GUIDE-kanripo.md before the extractor was run on them.
KANRIPO_CHECKS = sorted((Path(__file__).parent / "fixtures" / "acts").glob("kanripo_check_*.jsonl"))
#: Fresh Kanripo check sets (issue 12, round 5): passages no kanripo_check set covers, annotated
#: before the extractor was run on them.
KANRIPO_FRESH = sorted((Path(__file__).parent / "fixtures" / "acts").glob("kanripo_fresh_*.jsonl"))
#: Second fresh sets (issue 12, rounds 12-14): 乡射礼 and 有司彻 (round 12), 燕礼, 士相见礼, 士冠礼,
#: 少牢 and 士虞礼 (round 13), 聘礼 and 公食大夫礼 (round 14, on three editions): passages no
#: other set covers, on two editions or more each, annotated before the extractor ran on them.
KANRIPO_SECOND = sorted((Path(__file__).parent / "fixtures" / "acts")
                        .glob("kanripo_second_*.jsonl"))
#: Third fresh sets (issue 12, round 15): 士冠礼 and 少牢 passages no other set covers on any
#: edition (the three carry the same 经), on two editions each, annotated before the extractor was
#: run on them.
KANRIPO_THIRD = sorted((Path(__file__).parent / "fixtures" / "acts")
                       .glob("kanripo_third_*.jsonl"))
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


def test_manner_verbs_and_the_cup_drunk_are_not_acts() -> None:
    # 002: 士坐祭立饮不拜既爵 — 立 is how he drinks, 既爵 what the bow is for
    acts = acts_of("士坐祭立饮不拜既爵")
    assert [(a.quote, a.action, a.negated) for a in acts] == [
        ("士坐祭", "祭", False), ("饮", "饮", False), ("不拜", "拜", True)]
    # 000: 站着喝酒 — the translation likewise
    assert [a.action for a in acts_of("坐下祭祀，站着喝酒", modern=True)] == ["祭", "饮"]


def test_relative_and_nominalised_verbs_name_things_and_people() -> None:
    # 002: 賔所媵觯 is the cup the 宾 gave, not an act; 公 takes it and rises
    acts = acts_of("公坐取賔所媵觯兴")
    assert [(a.action, a.agents, a.objects) for a in acts] == [
        ("取", ["公"], ["觯"]), ("兴", ["公"], [])]
    # 002: 士既献者 are the 士 already served; 执散爵者 a cup-bearer
    assert [(a.action, a.agents) for a in acts_of("士既献者立于东方")] == [("立", ["士"])]
    assert [a.action for a in acts_of("执散爵者乃酌行之")] == ["酌"]
    # 000: 登堂饮酒的人 names the drinkers; 交给跟随的人 keeps its 交给
    assert [a.action for a in acts_of("和登堂饮酒的人在台阶前交错而过", modern=True)] == ["交"]
    acts = acts_of("弟子从西阶下堂，于是出去交给跟随的人", modern=True)
    assert [a.action for a in acts] == ["降", "出", "授"]


def test_what_an_act_is_done_with_and_what_is_in_hand() -> None:
    # 002: 以爵兴 — the cup goes with him; 以降 — the 脯 just taken
    assert acts_of("大夫卒受者以爵兴")[0].objects == ["爵"]
    acts = acts_of("賔醉北面坐取其荐脯以降")
    assert (acts[-1].action, acts[-1].objects, acts[-1].implicit_object) == ("降", ["脯"], True)
    # 003: 实于镫 fills the 镫; the lid (盖) goes down with him, the 镫 is what 公 sets
    acts = acts_of("大羹氵音不和，实于镫。宰右执镫，左执盖，由门入，升自阼阶，尽阶，不升堂，"
                   "授公，以盖降，出，入反位。公设之于酱西")
    assert acts[0].objects == ["镫"]
    assert [(a.action, a.objects) for a in acts if a.action in ("授", "降", "设")] == [
        ("授", ["镫"]), ("降", ["盖"]), ("设", ["镫"])]


def test_officers_acts_are_not_the_principals() -> None:
    # 004: 乃陈币 — laid out by the 有司; 002: 奏陔 after the 宾 leaves — by the musicians
    (lay,) = acts_of("乃陈币。")
    assert (lay.agents, lay.implicit_agent) == (["有司"], True)
    assert acts_of("賔醉北面坐取其荐脯以降奏陔")[-1].agents == ["工"]
    # 002: 笙入立于县中奏南陔 — a musician's subject is kept
    assert acts_of("笙入立于县中奏南陔白华华黍")[-1].agents == ["笙"]
    # 000: an officer known only from the act is no one's subject: 祭 stays the host's
    acts = acts_of("主人登上席子，从北方开始摆设切好的肉，祭祀礼仪如同宾客一样", modern=True)
    assert [a.action for a in acts] == ["升席", "设", "祭"]
    assert acts[1].agents != ["主人"] and acts[2].agents == ["主人"]


def test_mutual_greetings_are_the_two_principals() -> None:
    # 004 (two excerpts of the 聘礼 entry): after 介皆入, 三揖/至于阶/三让 are 公 and 宾
    acts = acts_of("公揖入，立于中庭。宾立接西塾。纳宾，宾入门左。介皆入门左，北面，西上。"
                   "三揖，至于阶，三让。")
    tail = [(a.action, sorted(a.agents)) for a in acts[-3:]]
    assert tail == [("三揖", ["公", "宾"]), ("至", ["公", "宾"]), ("三让", ["公", "宾"])]
    assert sorted(acts[-3].recipients) == ["公", "宾"]


def test_bows_go_to_principals_and_answers_to_the_one_who_bowed() -> None:
    # 002: the 小臣 declines for the lord; the guest's bow is to 公, the lord answers the guest
    acts = acts_of("賔降洗升媵觚于公酌散下拜公降一等小臣辞賔升再拜稽首公答再拜")
    bows = [(a.action, a.agents, a.recipients) for a in acts if "拜" in a.action]
    assert bows[-2:] == [("再拜稽首", ["宾"], ["公"]), ("答拜", ["公"], ["宾"])]
    # 002: the lord answers the 卿大夫 who bowed, not the 小臣 he sent
    answer = acts_of("卿大夫皆降西阶下北面东上再拜稽首公命小臣辞公答再拜")[-1]
    assert (answer.action, answer.recipients) == ("答拜", ["卿", "大夫"])
    # 002: a bow not made is made to no one
    assert acts_of("卒爵不拜")[-1].recipients == []


def test_drinking_after_a_cup_is_given_is_the_receivers() -> None:
    # 002 献工: after 主人拜送爵 … 卒爵不拜 are the musicians'
    acts = acts_of("主人洗升献工工不兴左瑟一人拜受爵主人西阶上拜送爵荐脯醢使人相祭卒爵不拜")
    assert [(a.action, a.agents) for a in acts[-2:]] == [("卒爵", ["工"]), ("拜", ["工"])]


def test_the_cup_washed_is_the_cup_then_used() -> None:
    # 002: 献士 is made with a 觯, and that is the cup washed; 媵觚: the 觚
    acts = acts_of("主人洗升献士于西阶上")
    assert [(a.action, a.objects) for a in acts] == [("洗", ["觯"]), ("升", []), ("献", ["觯"])]
    assert acts_of("賔降洗升媵觚于公")[1].objects == ["觚"]
    # 000: 拜谢送爵 names the cup
    assert acts_of("主人拜谢送爵", modern=True)[0].objects == ["爵"]


def test_translation_details() -> None:
    # 000: 辞谢宾客要洗手 renders 辞洗 (GUIDE §3); 在宾客席前: the 宾's mat, not the subject
    acts = acts_of("主人在东阶的东南侧，面朝南，辞谢宾客要洗手", modern=True)
    assert [(a.action, a.recipients, a.facing) for a in acts] == [("辞洗", ["宾"], "南")]
    acts = acts_of("主人坐下，取爵斟满酒，在宾客席前，面向西北向宾客献酒", modern=True)
    assert (acts[-1].action, acts[-1].agents, acts[-1].places) == ("献", ["主人"], ["席前"])
    # 000: 带着 joins the one led (主人以宾揖); 走下台阶 names no place
    acts = acts_of("主人带着宾客作揖先进入", modern=True)
    assert acts[0].agents == ["主人", "宾"]
    assert acts_of("宾客走下台阶", modern=True)[0].places == []


def test_holding_a_thing_while_moving_is_one_movement_carrying_it() -> None:
    # 000: 主人拿着爵杯走下台阶 = 主人以爵降 (one 降 with the 爵); with a comma 执 stays an act
    acts = acts_of("主人拿着爵杯走下台阶，大夫走下台阶", modern=True)
    assert [(a.quote, a.action, a.objects) for a in acts] == [
        ("主人拿着爵杯走下台阶", "降", ["爵"]), ("大夫走下台阶", "降", [])]
    assert [a.action for a in acts_of("拿着角杯，起身", modern=True)] == ["执", "兴"]


def test_a_verb_before_de_and_a_thing_only_qualifies_it() -> None:
    # 000: 诱射的箭 names the arrows; the bare 诱射 is the 司射's 射
    assert acts_of("诱射的箭", modern=True) == []
    text = "司射面向东站在三对射者的北边。诱射。"
    assert [(a.action, a.agents) for a in acts_of(text, modern=True)][-1] == ("射", ["司射"])


def test_translation_paraphrases_of_returning_and_tucking() -> None:
    # 000: 回到最初的位置 / 返回位置 (反位); 反坐 is a 坐 of its own; 把扑放在腰间 (搢)
    text = "宾客及众宾客都走下台阶，回到最初的位置"
    assert [a.action for a in acts_of(text, modern=True)] == ["降", "反位"]
    acts = acts_of("司射走下台阶，把扑放在腰间，回到原位。", modern=True)
    assert [(a.action, a.objects) for a in acts] == [("降", []), ("搢", ["扑"]), ("反位", [])]
    assert [a.action for a in acts_of("起身反坐，不祭祀", modern=True)] == ["兴", "坐", "祭"]
    # 拜谢赏赐 thanks for the gift: one bow, no 赐
    assert [a.action for a in acts_of("宾客穿着朝服在门外拜谢赏赐", modern=True)] == ["拜"]


def test_the_giver_named_again_drinks_for_himself() -> None:
    # 000 (主人酬宾): after 宾 answers the bow, 主人坐下祭祀，于是喝酒 … are the host's
    text = ("主人斟满角杯酬答宾客，在东阶上面朝北，坐下放下角杯，于是拜谢，拿着角杯起身。"
            "宾客在西阶上面朝北回拜。主人坐下祭祀，于是喝酒，喝完角杯中的酒，起身")
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents) for a in acts[-4:]] == [
        ("祭", ["主人"]), ("饮", ["主人"]), ("卒觯", ["主人"]), ("兴", ["主人"])]


def test_the_receiver_named_by_receiving_and_an_intermediary_declining_a_bow() -> None:
    # 002: 受者如初受酬之礼降更爵洗升酌膳下拜小臣辞升成拜公答拜 — 受者 is the one the lord
    # gave to; 小臣 declines his bow for the lord, and he goes up and completes it
    acts = acts_of("受者如初受酬之礼降更爵洗升酌膳下拜小臣辞升成拜公答拜")
    tail = [(a.quote, a.agents) for a in acts if a.start >= 8]
    assert tail == [
        ("降更爵", ["所赐者"]), ("洗", ["所赐者"]), ("升", ["所赐者"]), ("酌膳", ["所赐者"]),
        ("下拜", ["所赐者"]), ("小臣辞", ["小臣"]), ("升", ["所赐者"]), ("成拜", ["所赐者"]),
        ("公答拜", ["公"])]
    assert [a.recipients for a in acts if a.quote in ("小臣辞", "公答拜")] == [["所赐者"]] * 2
    # 卒受者 (the last receiver of a round) only qualifies the role before it
    assert acts_of("大夫卒受者以爵兴")[0].agents == ["大夫"]
    # an intermediary's 辞 long after any bow goes to the other party (004 摈者入告，出辞玉)
    acts = acts_of("公再拜。宾辟。摈者入告，出辞玉。")
    assert acts[-1].recipients == ["宾"]


def test_translation_verbs_of_command_going_and_receiving() -> None:
    # 000: 接受主人的命令 is one 受命; 到西阶上 alone in its clause is a going there (适)
    text = "司正从西阶升堂，在阼阶上接受主人的命令，到西阶上，面向北向宾客请求坐下"
    acts = acts_of(text, modern=True)
    assert [(a.quote, a.action, a.places) for a in acts[1:3]] == [
        ("在阼阶上接受主人的命令", "受命", ["阼阶"]), ("到西阶上", "适", ["西阶"])]
    # 000: 走到阶顶 (尽阶), 绕到它的后面 (还), 接纳 (纳)
    text = "笙工一人在下面拜谢，走到阶顶，不升堂，受爵，主人拜送爵"
    assert [a.action for a in acts_of(text, modern=True)][1] == "尽阶"
    text = "司马从左边物的南边走出，绕到它的后面，从西阶走下"
    assert [a.action for a in acts_of(text, modern=True)] == ["出", "还", "降"]
    (admit, enter) = acts_of("小臣接纳卿大夫，卿大夫都从门右进入", modern=True)
    assert (admit.action, admit.recipients, enter.agents) == ("纳", ["卿", "大夫"], ["卿", "大夫"])


def test_bare_yi_xia_goes_down_with_the_cup_in_hand() -> None:
    # 002: 主人升受爵以下而乐阕 — 以下 is 降 carrying the 爵; 以下拜 stays 以 + 下拜
    acts = acts_of("公卒爵主人升受爵以下而乐阕")
    assert [(a.action, a.agents, a.objects) for a in acts[-1:]] == [("降", ["主人"], ["爵"])]
    assert acts_of("主人升受爵以下拜")[-1].action == "下拜"


def test_jing_facings_kept_in_the_translation_and_sides_after_de() -> None:
    # 000: 当着楣北面拜两次, 进前东北面辞谢洗 face 北 / 东北; 站在宾客的南面 is a side
    acts = acts_of("主人在东阶上当着楣北面拜两次，宾客在西阶上当着楣北面回拜两次", modern=True)
    assert [(a.action, a.facing) for a in acts] == [("再拜", "北"), ("答拜", "北")]
    assert acts_of("宾客进前东北面辞谢洗", modern=True)[-1].facing == "东北"
    acts = acts_of("大夫走下台阶，站在宾客的南面。", modern=True)
    assert [a.facing for a in acts] == [None, None]
    # 在路寝东面 (a landmark that is no place, then 东面) is a side; 盥洗器 is the 洗, no act
    assert acts_of("膳宰在路寝东面备办官府的饮食", modern=True) == []
    (lay,) = acts_of("在东阶东南设置盥洗器和竹筐", modern=True)
    assert (lay.action, "洗" in lay.places) == ("设", True)


def test_the_bearer_of_the_common_cup_is_a_role() -> None:
    # 002: 受赐爵者兴授执散爵执散爵者乃酌行之 — handed to the 执散爵者, who pours
    acts = acts_of("受赐爵者兴授执散爵执散爵者乃酌行之")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("兴", ["所赐者"], []), ("授", ["所赐者"], ["执散爵者"]), ("酌", ["执散爵者"], [])]


def test_one_man_raising_the_cup_is_the_cup_raiser() -> None:
    # 000 (一人举觯): after the host's 献 to the 众宾, 一个人 … 举起角杯 is the 举觯者, who goes on
    text = ("在西阶上向众宾客敬酒，众宾客中年龄最长的三人走上去拜谢接受。"
            "一个人清洗，向宾客举起角杯。走上去，斟满角杯")
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents) for a in acts[-4:]] == [
        ("洗", ["举觯者"]), ("举", ["举觯者"]), ("升", ["举觯者"]), ("实", ["举觯者"])]
    # without such an act 一人 stays the chief of the group addressed (002 左瑟一人)
    assert acts_of("主人洗升献工工不兴左瑟一人拜受爵")[-1].agents == ["工"]


def test_the_leader_goes_on_alone_after_leading() -> None:
    # 000 (主人献大夫): 带领大夫走上去 is both going up; 拜谢到来 (拜至) is the host's alone
    acts = acts_of("主人作揖谦让，带领大夫走上去，拜谢到来，大夫回拜。", modern=True)
    assert [(a.action, a.agents) for a in acts[2:]] == [
        ("升", ["主人", "大夫"]), ("拜至", ["主人"]), ("答拜", ["大夫"])]


def test_a_verb_before_a_facing_is_not_read_as_a_place() -> None:
    # 002: 左还南面坐取觯洗南面反奠于其所 — 洗 + 南面, not the place 洗南
    acts = acts_of("左还南面坐取觯洗南面反奠于其所")
    assert [a.action for a in acts] == ["左还", "取", "洗", "奠"]
    assert (acts[2].quote, acts[2].places, acts[3].facing) == ("洗", [], "南")


def test_jing_words_kept_in_the_translation_and_saying() -> None:
    # 000: 盥洗 is 盥 + 洗 as in the 经; 先升一级 / 才升 keep 升
    acts = acts_of("面向南坐下将爵放在竹筐下盥洗", modern=True)
    assert [a.action for a in acts] == ["奠", "盥", "洗"]
    assert [a.action for a in acts_of("主人先升一级，宾客才升", modern=True)] == ["升", "升"]
    # 000: 主人说“…” is a saying (曰); 答应说 / 报告给宾客说 stay one act with the verb before
    acts = acts_of("回报主人，主人说“请撤去俎”，宾客同意。", modern=True)
    assert [(a.action, a.agents) for a in acts] == [("告", []), ("曰", ["主人"]), ("许", ["宾"])]
    acts = acts_of("获者拿着旌旗，答应说“是”，声音不断", modern=True)
    assert [a.action for a in acts] == ["执", "许"]
    acts = acts_of("报告给宾客说：“左右射完。”", modern=True)
    assert [(a.action, a.recipients) for a in acts] == [("告", ["宾"])]


def test_what_is_asked_ordered_or_awaited_is_not_an_act() -> None:
    # 002: 射人自阼阶下请立司正公许 — 立 is what is asked; 公有命彻幂 — 彻 what is ordered
    assert [a.action for a in acts_of("射人自阼阶下请立司正公许")] == ["请", "许"]
    assert [a.action for a in acts_of("公有命彻幂则卿大夫皆降")] == ["命", "降"]
    # 000: 在阶前命令弟子等待撤去俎 — the 弟子 wait for the 俎 to be cleared
    acts = acts_of("司正从西阶下堂，在阶前命令弟子等待撤去俎", modern=True)
    assert [(a.action, a.agents, a.objects) for a in acts[1:]] == [
        ("命", ["司正"], []), ("俟", ["弟子"], ["俎"])]
    # with a person between it is a pivot and the act is done (命弟子纳射器)
    assert [a.action for a in acts_of("命弟子纳射器")] == ["命", "纳射器"]


def test_a_carried_subject_is_never_the_one_the_act_is_for() -> None:
    # 002 (two classic runs of 献士, the commentary between left out): 士 … 立 … 乃荐士 —
    # the 荐 is for the 士, so it is by the last other actor (the host)
    text = "主人洗升献士于西阶上士长升拜受觯主人拜送觯" + "辩献士士既献者立于东方西面北上乃荐士"
    offer = acts_of(text)[-1]
    assert (offer.action, offer.agents, offer.recipients) == ("荐", ["主人"], ["士"])


def test_yitong_together_is_not_a_joint_subject() -> None:
    # 000 (主人献大夫): 辞谢大夫一同下阶 is one 辞降 to the 大夫, who declines alone
    text = "主人拿着爵杯走下台阶，大夫走下台阶，主人辞谢大夫一同下阶，大夫辞谢洗手"
    acts = acts_of(text, modern=True)
    assert [(a.quote, a.action, a.agents, a.recipients) for a in acts[2:]] == [
        ("主人辞谢大夫一同下阶", "辞降", ["主人"], ["大夫"]),
        ("大夫辞谢洗手", "辞洗", ["大夫"], ["主人"])]


def test_bare_da_answers() -> None:
    # 002 记: 上射退于物一笴既发则答君而俟 — 答 (郑注: 对也) to the lord; 答拜 stays a bow
    acts = acts_of("上射退于物一笴既发则答君而俟")
    assert [(a.action, a.recipients) for a in acts if a.action == "对"] == [("对", ["公"])]
    assert acts_of("公答拜")[0].action == "答拜"


def test_words_said_end_at_jie() -> None:
    # 002: 賔及卿大夫皆兴对曰诺敢不醉皆反坐 — the answer ends before 皆反坐, which is done
    acts = acts_of("賔及卿大夫皆兴对曰诺敢不醉皆反坐")
    assert [(a.action, a.agents) for a in acts] == [
        ("兴", ["宾", "卿", "大夫"]), ("对", ["宾", "卿", "大夫"]), ("坐", ["宾", "卿", "大夫"])]


def test_officers_kept_under_their_jing_names_in_the_translation() -> None:
    # 000 (燕礼): 司宫在门西铺设宾客的席位 … 射人报告事情已备办
    text = "司宫在门西铺设宾客的席位，东边的在上，没有加席。射人报告事情已备办"
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents) for a in acts] == [
        ("设", ["司宫"]), ("加席", ["司宫"]), ("告", ["射人"])]


def test_archer_pairs_are_roles_and_a_role_after_wei_is_no_subject() -> None:
    # 000: 三对射者都袒露右臂 … — the three pairs (三耦), not the 司射 who commanded them
    text = "司射仍然夹着四支箭，来命令三对射者。三对射者都袒露右臂"
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("命", ["司射"], ["三耦"]), ("袒", ["三耦"], [])]
    # 002 记: 君与射则为下射袒朱襦 — the lord becomes the 下射; he bares his arm
    assert acts_of("君与射则为下射袒朱襦")[-1].agents == ["公"]


def test_joint_possessors_and_joints_that_join_no_role() -> None:
    # 000: 命令弟子收纳射器 … 于是收纳射器，都放在堂的西边。宾客和大夫的弓，倚靠在西序 — both
    # own the bows, neither leans them (two runs of the translation, the note between left out)
    text = ("在阶前面向西，命令弟子收纳射器"
            + "于是收纳射器，都放在堂的西边。宾客和大夫的弓，倚靠在西序")
    acts = acts_of(text, modern=True)
    assert [(a.action, a.agents) for a in acts[-3:]] == [
        ("纳", ["弟子"]), ("奠", ["弟子"]), ("倚", ["弟子"])]
    # 000: 戴上决和遂，有司左手拿着弓 — 和 joins no role: the 有司 alone holds the bow
    text = "三对射者都袒露右臂，戴上决和遂，有司左手拿着弓"
    assert acts_of(text, modern=True)[-1].agents == ["有司"]


def test_archers_taking_arrows_step_forward_lay_the_bow_and_turn_left() -> None:
    # 000 (三耦拾取矢): 走上前 steps forward (进, folded), 横放弓 is 横弓, 左转 is 左还
    acts = acts_of("上射拱手，走上前坐着横放弓，退手从弓下取一个", modern=True)
    assert [(a.action, a.agents, a.objects) for a in acts][:2] == [
        ("揖", ["上射"], []), ("横弓", ["上射"], ["弓"])]
    acts = acts_of("既依次取乘矢，拱手都左转，面向南拱手", modern=True)
    assert [a.action for a in acts] == ["取", "揖", "左还", "揖"]


def test_listed_roles_offering_dried_meat_and_things_in_the_basket() -> None:
    # 000: 宾客、主人、大夫作揖 — a listing mark joins the roles
    acts = acts_of("宾客、主人、大夫作揖，都从他们的台阶下作揖", modern=True)
    assert [a.agents for a in acts] == [["宾", "主人", "大夫"]] * 2
    # 000 (司射献释获者): 进献脯醢 is 荐; 放在篚中 is in the 篚, not the tally holder 中
    acts = acts_of("斟满酒，走下堂向释获者在其位稍南献酒，进献脯醢", modern=True)
    assert [(a.action, a.objects) for a in acts[-2:]] == [("献", ["爵"]), ("荐", ["脯", "醢"])]
    acts = acts_of("司射接受酒杯，放在篚中", modern=True)
    assert [(a.action, a.objects, a.places) for a in acts] == [
        ("受", ["觯"], []), ("奠", ["觯"], ["篚"])]
    # 000 (释获): 把八算放入中 fills the 中 (实八算于中)
    assert acts_of("坐着把八算放入中", modern=True)[0].action == "实"


def test_the_visit_of_state_and_treating_the_messenger_are_acts() -> None:
    # 004: 宾皮弁聘，至于朝 (皮弁 is dress, not an act); 宾之受，如初礼。傧之如初 (the note
    # between left out) — the 宾 treats the messenger
    assert [a.action for a in acts_of("宾皮弁聘，至于朝。")] == ["聘", "至"]
    acts = acts_of("宾之受，如初礼。傧之如初。")
    assert [(a.action, a.agents) for a in acts] == [("受", ["宾"]), ("傧", ["宾"])]


@pytest.fixture(scope="module")
def predicted() -> list[dict]:
    return [act_record(a) for a in corpus_acts()]


def test_heldout_check_set_floor(predicted: list[dict]) -> None:
    total, _ = evaluate(load_gold(CHECK), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.965, json.dumps(figures)  # reached 0.969 (round 11)


def test_second_heldout_check_set_floor(predicted: list[dict]) -> None:
    """heldout_check2: annotated before the extractor was run on it (baseline 0.843)."""
    total, _ = evaluate(load_gold(CHECK2), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.96, json.dumps(figures)  # reached 0.981 (round 3)


def test_check_set_quotes_are_file_slices() -> None:
    from ritegraph.corpus import load_manifest, read_text
    texts = {f.path.name: read_text(f.path) for f in load_manifest().files}
    for path in (CHECK, CHECK2, CHECK3, *KANRIPO_CHECKS, *KANRIPO_FRESH, *KANRIPO_SECOND,
                 *KANRIPO_THIRD):
        for record in load_gold(path):
            text = texts[record["file"]]
            assert text[record["start"]:record["end"]] == record["quote"], record["id"]


def test_third_heldout_check_set_floor(predicted: list[dict]) -> None:
    """heldout_check3: annotated before the extractor was run on it (baseline 0.776)."""
    total, _ = evaluate(load_gold(CHECK3), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.92, json.dumps(figures)  # reached 0.941


def test_check_sets_annotate_different_clauses() -> None:
    """No act span of one check set overlaps one of another (each is fresh text)."""
    spans = {path: [(r["file"], r["start"], r["end"]) for r in load_gold(path)]
             for path in (CHECK, CHECK2, CHECK3)}
    paths = list(spans)
    for k, first in enumerate(paths):
        for second in paths[k + 1:]:
            clashes = [(a, b) for a in spans[first] for b in spans[second]
                       if a[0] == b[0] and a[1] < b[2] and b[1] < a[2]]
            assert not clashes, (first.name, second.name, clashes[:3])


@pytest.mark.skipif(not DEV.is_file(), reason="the shared dev gold set is not present")
def test_dev_set_floor(predicted: list[dict]) -> None:
    total, _ = evaluate(load_gold(DEV), predicted)
    figures = total.figures()
    assert figures["agent_action_f1"] >= 0.965, json.dumps(figures)  # reached 0.976 (round 3)


def test_a_facing_closing_a_yu_or_zi_phrase_is_the_position_of_the_verb_before() -> None:
    """士丧礼/士相见礼: 即位于西阶下东面, 升自西阶西面 — the facing ends the movement."""
    (act,) = acts_of("主人即位于西階下東面")
    assert (act.action, act.agents, act.places, act.facing) == ("即位", ["主人"], ["西阶下"], "东")
    (act,) = acts_of("賔升自西階西面")
    assert (act.action, act.facing) == ("升", "西")


def test_a_negation_belongs_only_to_the_verb_right_after_it() -> None:
    """In unpunctuated text (士丧礼 KR1d0026) 不 reaches its verb only over adverbs or a facing."""
    acts = acts_of("東面不踊大夫雖不辭")
    assert [(a.action, a.negated) for a in acts] == [("踊", True), ("辞", True)]
    acts = acts_of("不拜洗主人坐奠爵")
    assert [(a.action, a.negated) for a in acts] == [("拜洗", True), ("奠", False)]


def test_a_role_with_places_and_a_facing_and_no_verb_stands_there() -> None:
    """士丧礼 众兄弟堂下北面 and 士相见礼 君在堂 (GUIDE-kanripo 11): positions are 立."""
    stand, tell = acts_of("衆兄弟堂下北面宗人告")
    assert (stand.action, stand.agents, stand.places, stand.facing) == ("立", ["众兄弟"], ["堂下"],
                                                                       "北")
    assert (tell.action, tell.agents, tell.facing) == ("告", ["宗人"], None)
    assert [(a.action, a.places) for a in acts_of("君在堂升")] == [("立", ["堂"]), ("升", [])]
    # a facing before a 于-phrase or a verb is the next verb's
    assert [a.action for a in acts_of("主婦北面于阼階上荅拜")] == ["答拜"]


def test_eating_is_an_act_and_a_bow_bidding_to_eat_is_one_bow() -> None:
    """少牢 (second 16): 尸又食食胾 — 食 is read (verbs.toml); 公食大夫 公再拜揖食: one 揖."""
    acts = acts_of("尸又食食胾上佐食舉尸一魚")
    assert [(a.quote, a.action, a.agents) for a in acts][:2] == [("尸又食", "食", ["尸"]),
                                                                ("食胾", "食", ["尸"])]
    assert [(a.quote, a.action) for a in acts_of("公再拜，揖食。")] == [("公再拜", "再拜"),
                                                                    ("揖食", "揖")]


def test_no_preverb_folds_across_then_and_the_blessing_is_no_officer() -> None:
    """士冠礼 (second 01): 進容乃祝坐如初乃冠興復位 — 乃祝 is the blessing ([opaque]), not the
    officer 祝, and 坐 does not fold across 乃 ([step]) into 冠: 进, 坐, 冠, 兴, 复位 by the 宾."""
    acts = acts_of("賓右手執項左手執前進容乃祝坐如初乃冠興復位")
    assert [(a.action, a.agents) for a in acts][2:] == [
        ("进", ["宾"]), ("坐", ["宾"]), ("冠", ["宾"]), ("兴", ["宾"]), ("复位", ["宾"])]


def test_the_cap_holder_is_an_officer_and_the_first_place_a_place_returned_to() -> None:
    """士冠礼 (second 01): 執冠者 is an 有司 (terms.toml; 注 執之者有司也), not the 冠者; 復初位 is
    复位 (verbs.toml)."""
    acts = acts_of("降西階一等執冠者升一等東面授賓")
    assert [(a.action, a.agents) for a in acts][1:] == [("升", ["有司"]), ("授", ["有司"])]
    assert [(a.quote, a.action, a.agents) for a in acts_of("主人降復初位")][-1:] == [
        ("復初位", "复位", ["主人"])]


def test_a_plain_bow_right_after_meeting_someone_is_the_one_who_met_him() -> None:
    """士冠礼 孤子 (second 01): 主人紒而迎賔拜揖讓立于序端 — the one met does not go on into a bow
    that answers nothing: 拜 揖 让 立 by the 主人 (the 宾 had them before)."""
    acts = acts_of("主人紒而迎賔拜揖讓立于序端")
    assert [(a.action, a.agents) for a in acts] == [
        ("迎", ["主人"]), ("拜", ["主人"]), ("揖", ["主人"]), ("让", ["主人"]), ("立", ["主人"])]


def test_serving_delicacies_is_an_act_and_the_delicacies_a_thing() -> None:
    """少牢/有司彻: 司士羞豕脀; in 宰夫羞房中之羞 the second 羞 is the dish."""
    (act,) = acts_of("宰夫羞房中之羞")
    assert (act.action, act.agents, act.objects, act.places) == ("羞", ["宰夫"], ["羞"], ["房中"])


#: Agent+action F1 floors of the Kanripo check sets: (first, clean score at 43c3e36, before any
#: rule was changed on these chapters; floor just under the score reached since).
KANRIPO_FLOORS = {"03": (0.553, 0.770), "10": (0.052, 0.900), "11": (0.020, 0.088),
                  "12": (0.282, 0.871), "13": (0.389, 0.852), "14": (0.214, 0.917),
                  "16": (0.356, 0.925), "17": (0.403, 0.915)}

#: The same for the fresh sets: (first, clean score — 03 12 17 at 229eb3a, 01 at 35c2a99, 14 16
#: at cfcfdc0, 10 13 at 153b4b7, 05 06 at a95956e, 08 09 at 0c124d0; floor just under the score
#: since).
KANRIPO_FRESH_FLOORS = {"01": (0.843, 0.930), "03": (0.131, 0.448), "05": (0.906, 0.913),
                        "06": (0.714, 0.945), "08": (0.752, 0.821), "09": (0.796, 0.886),
                        "10": (0.911, 0.930),
                        "12": (0.416, 0.75), "13": (0.918, 0.933), "14": (0.906, 0.915),
                        "16": (0.869, 0.940), "17": (0.730, 0.925)}


def test_every_check_set_has_a_floor() -> None:
    assert sorted(p.stem[-2:] for p in KANRIPO_CHECKS) == sorted(KANRIPO_FLOORS)
    assert sorted(p.stem[-2:] for p in KANRIPO_FRESH) == sorted(KANRIPO_FRESH_FLOORS)
    assert sorted(p.stem[-2:] for p in KANRIPO_SECOND) == sorted(KANRIPO_SECOND_FLOORS)
    assert sorted(p.stem[-2:] for p in KANRIPO_THIRD) == sorted(KANRIPO_THIRD_FLOORS)


def _assert_at_floor(predicted: list[dict], kind: str, chapter: str,
                     floors: dict[str, tuple[float, float]]) -> None:
    """kanripo_{kind}_{chapter}.jsonl scores at least its floor (agent+action F1)."""
    path = Path(__file__).parent / "fixtures" / "acts" / f"kanripo_{kind}_{chapter}.jsonl"
    figures = evaluate(load_gold(path), predicted)[0].figures()
    first, floor = floors[chapter]
    assert figures["agent_action_f1"] >= floor, (first, json.dumps(figures))


@pytest.mark.parametrize("chapter", sorted(KANRIPO_FRESH_FLOORS))
def test_kanripo_fresh_set_floor(predicted: list[dict], chapter: str) -> None:
    _assert_at_floor(predicted, "fresh", chapter, KANRIPO_FRESH_FLOORS)


def test_fresh_sets_annotate_clauses_no_kanripo_check_set_has() -> None:
    def spans(paths: list[Path]) -> list[tuple[str, int, int]]:
        return [(r["file"], r["start"], r["end"]) for p in paths for r in load_gold(p)]

    old = spans(KANRIPO_CHECKS)  # the fresh sets touch none; the second ones none of either; the
    # third ones none of the three
    for sets in (KANRIPO_FRESH, KANRIPO_SECOND, KANRIPO_THIRD):
        for path in sets:
            clashes = [r["id"] for r in load_gold(path) for f, a, b in old
                       if f == r["file"] and a < r["end"] and r["start"] < b]
            assert not clashes, (path.name, clashes[:3])
        old += spans(sets)


#: The same for the second fresh sets: (first, clean score — 05 17 at 93427bb with the extractor
#: of main 62bf3ba; 03 06 at 39a0107 and 01 16 at 2ff0e3c, both with the extractor of main
#: 36d202c; 14 at fd8346a with the extractor of main 34fc178; 12 13 at dbf6d39 and 08 09 at
#: caa81af, both with the extractor of main 1e2bc09; floor just under the score since).
KANRIPO_SECOND_FLOORS = {"01": (0.720, 0.830), "03": (0.143, 0.845), "05": (0.879, 0.915),
                         "06": (0.876, 0.98), "08": (0.731, 0.860), "09": (0.908, 0.915),
                         "12": (0.644, 0.700), "13": (0.582, 0.655),
                         "14": (0.830, 0.840), "16": (0.879, 0.930), "17": (0.882, 0.900)}


@pytest.mark.parametrize("chapter", sorted(KANRIPO_SECOND_FLOORS))
def test_kanripo_second_set_floor(predicted: list[dict], chapter: str) -> None:
    _assert_at_floor(predicted, "second", chapter, KANRIPO_SECOND_FLOORS)


#: The same for the third fresh sets: (first, clean score — 01 16 at a5b9e1c with the extractor of
#: main 0b679ab; floor just under the score since).
KANRIPO_THIRD_FLOORS = {"01": (0.421, 0.470), "16": (0.762, 0.790)}


@pytest.mark.parametrize("chapter", sorted(KANRIPO_THIRD_FLOORS))
def test_kanripo_third_set_floor(predicted: list[dict], chapter: str) -> None:
    _assert_at_floor(predicted, "third", chapter, KANRIPO_THIRD_FLOORS)


def test_drinking_after_an_answering_bow_is_the_first_bowers() -> None:
    """有司彻 (KR1d0038, 主人自酢于长宾): 賔答拜 is an aside — the host, who bowed first, goes on
    to 祭 and drink; the 宾 acts again only when named (賔降)."""
    acts = acts_of("主人坐奠爵拜執爵以興賔答拜坐祭遂飲卒爵執爵以興坐奠爵拜賔答拜賔降")
    assert [(a.action, a.agents) for a in acts] == [
        ("奠", ["主人"]), ("拜", ["主人"]), ("执", ["主人"]), ("兴", ["主人"]),
        ("答拜", ["宾"]), ("祭", ["主人"]), ("饮", ["主人"]), ("卒爵", ["主人"]),
        ("执", ["主人"]), ("兴", ["主人"]), ("奠", ["主人"]), ("拜", ["主人"]),
        ("答拜", ["宾"]), ("降", ["宾"])]
    assert acts[-3].recipients == ["宾"] and acts[-2].recipients == ["主人"]


def test_the_mourners_leap_is_an_aside_in_another_series() -> None:
    """士丧礼 (KR1d0038, 朝夕哭奠): 婦人踊 written between the 宾's leaving and the host's bow is no
    turn — the host sees off the 宾, not the women (奠者由重南東丈夫踊賔出婦人踊主人拜送)."""
    acts = acts_of("奠者由重南東丈夫踊賔出婦人踊主人拜送")
    assert [(a.action, a.agents) for a in acts] == [
        ("踊", ["丈夫"]), ("出", ["宾"]), ("踊", ["妇人"]), ("拜送", ["主人"])]
    assert acts[-1].recipients == ["宾"]


def test_a_thing_after_yong_is_what_the_act_carries() -> None:
    """聘礼 郊劳 (second 08): 君使卿朝服用束帛勞 — 用, like 以, brings in the thing the act carries,
    so the pivot's addressee still does the next act: the 卿 does the 勞, with the 束帛."""
    acts = acts_of("君使卿朝服用束帛勞")
    assert [(a.action, a.agents) for a in acts] == [("使", ["公"]), ("劳", ["卿"])]
    assert acts[0].recipients == ["卿"] and acts[1].objects == ["束帛"]


def test_a_bare_doer_of_an_addressed_act_is_the_one_who_did_it() -> None:
    """聘礼 郊劳 (second 08): 勞者, "the one who 勞s", is the 卿 the lord sent to 勞 — he does not
    return the bow and presents the gift; a bare 退者 (退者與進者交于前) still names no one."""
    acts = acts_of("君使卿朝服用束帛勞。上介出請入告賓禮辭迎于舍門之外再拜。勞者不答拜。賓揖先入。"
                   "勞者奉幣入東面致命")
    assert [(a.action, a.agents) for a in acts[-6:]] == [
        ("答拜", ["卿"]), ("揖", ["宾"]), ("入", ["宾"]), ("奉", ["卿"]), ("入", ["卿"]),
        ("致命", ["卿"])]
    assert acts[-6].negated and acts[-1].recipients == ["宾"] and acts[-1].facing == "东"
    acts = acts_of("旅人南面加匕于鼎退。大夫長盥洗東南西面北上序進盥退者與進者交于前")
    assert (acts[-1].action, acts[-1].agents) == ("交", ["大夫"])  # not the 旅人 who withdrew


def test_the_lords_decline_of_a_descent_hands_the_series_back() -> None:
    """聘礼 礼宾 (second 08): 賓降辭幣公降一等辭 — the lord declines the 宾's coming down, and
    the 宾 goes up the steps, hears the command, comes down and bows; the lord's 辞 of that bow
    hands it back again (升 by the 宾)."""
    acts = acts_of("擯者進相幣賓降辭幣公降一等辭栗階升聽命降拜公辭升再拜稽首")
    assert [(a.action, a.agents) for a in acts] == [
        ("进", ["摈者"]), ("降", ["宾"]), ("辞", ["宾"]), ("降", ["公"]), ("辞", ["公"]),
        ("栗阶", ["宾"]), ("升", ["宾"]), ("听命", ["宾"]), ("降", ["宾"]), ("拜", ["宾"]),
        ("辞", ["公"]), ("升", ["宾"]), ("再拜稽首", ["宾"])]
    assert acts[4].recipients == ["宾"]


def test_delivering_a_thing_is_an_act() -> None:
    """致 has a verb entry: 有司彻 致爵于主人 (the 主妇 sends the cup to the host); 公食 若不親食
    (second 09) 使大夫…以侑幣致之 — the 大夫 the lord sends delivers the gift."""
    acts = acts_of("主婦洗爵于房中致爵于主人")
    assert (acts[-1].action, acts[-1].agents, acts[-1].objects, acts[-1].recipients) == (
        "致", ["主妇"], ["爵"], ["主人"])
    acts = acts_of("使大夫各以其爵朝服以侑幣致之")
    assert [(a.action, a.agents) for a in acts] == [("使", []), ("致", ["大夫"])]
    assert "侑币" in acts[-1].objects


def test_two_men_assisting_are_no_role() -> None:
    """聘礼 私觌 (second 08): 賓覿奉束錦總乘馬二人贊入門右 — 贊 after a count of men is their
    helping, no 赞者 taking over the series: the 宾 enters, sets down the gift and bows."""
    acts = acts_of("賓覿奉束錦總乘馬二人贊入門右北面奠幣再拜稽首")
    assert [(a.action, a.agents) for a in acts] == [
        ("奉", ["宾"]), ("入", ["宾"]), ("奠", ["宾"]), ("再拜稽首", ["宾"])]
    assert acts[1].places == ["门右"] and acts[2].facing == "北"


def test_the_one_named_by_his_act_is_addressed_after_a_verb() -> None:
    """聘礼 郊劳 (second 08): 勞者出 … 出迎勞者 — the 勞者 written after 迎 is the one met (the
    卿), so the 卿 carried over from 勞者出 gives way to the 宾, who goes out to meet him."""
    acts = acts_of("君使卿朝服用束帛勞。賓北面聽命再拜稽首受幣勞者出。出迎勞者。賓用束錦儐勞者")
    assert [(a.action, a.agents, a.recipients) for a in acts[-3:]] == [
        ("出", ["卿"], []), ("出迎", ["宾"], ["卿"]), ("傧", ["宾"], ["卿"])]


@pytest.mark.parametrize("chapter", sorted(KANRIPO_FLOORS))
def test_kanripo_check_set_floor(predicted: list[dict], chapter: str) -> None:
    """丧服 (11) lists mourning relations (X为Y服) the guide does not make acts of: its floor
    says how little of that set the extractor reads, not a target."""
    _assert_at_floor(predicted, "check", chapter, KANRIPO_FLOORS)


def test_the_role_after_a_bow_is_the_one_bowed_to() -> None:
    """有司彻/士丧礼: 拜X is a bow to X (南面拜众宾于门东); written solid before the next verb,
    X is also its agent (主人再拜宾答拜: the guest answers)."""
    bow, answer = acts_of("主人再拜賔答拜")
    assert (bow.action, bow.agents, bow.recipients) == ("再拜", ["主人"], ["宾"])
    assert (answer.action, answer.agents, answer.recipients) == ("答拜", ["宾"], ["主人"])
    (bow,) = acts_of("南面拜衆賔于門東")
    assert (bow.recipients, bow.places, bow.facing) == (["众宾"], ["门东"], "南")
    # an intermediary after a bow speaks for the lord, he is not bowed to (燕礼 seed 002)
    bow, decline = acts_of("公答再拜賔降拜小臣辭")[-2:]
    assert (bow.action, bow.agents, bow.recipients) == ("拜", ["宾"], ["公"])
    assert (decline.action, decline.agents) == ("辞", ["小臣"])


def test_the_one_bowed_to_acts_next_only_to_answer_the_bow() -> None:
    """既夕/士丧礼: after 拜X the bower goes on (主人拜賔入即位袒: the host goes in); X acts
    next only to answer the bow or take up the cup (少牢 卒爵主婦拜祝受尸爵: the 祝 takes it)."""
    acts = acts_of("主人拜賔入即位袒")
    assert [(a.action, a.agents) for a in acts] == [
        ("拜", ["主人"]), ("入", ["主人"]), ("即位", ["主人"]), ("袒", ["主人"])]
    assert acts[0].recipients == ["宾"]
    bow, take = acts_of("主婦拜祝受尸爵")
    assert (bow.agents, take.action, take.agents) == (["主妇"], "受", ["祝"])


def test_an_escort_to_a_place_and_the_bow_after_it_are_two_acts() -> None:
    """觐礼/士相见礼: 送于门外再拜 is an escort to the gate and a bow, not one 拜送; 于 and a
    person do not close the verb (有司彻 祝告于主人曰 is one 告); the subject written before a
    bow and named again after it is not bowed to, it goes on (侯氏送于门外再拜侯氏遂从之)."""
    acts = acts_of("使者降以左驂出侯氏送于門外再拜侯氏遂從之")
    assert [(a.action, a.agents, a.recipients) for a in acts[2:]] == [
        ("送", ["侯氏"], ["使者"]), ("再拜", ["侯氏"], ["使者"]), ("从", ["侯氏"], ["使者"])]
    assert [(a.action, a.recipients) for a in acts_of("祝告于主人曰利成")] == [("告", ["主人"])]
    assert [a.action for a in acts_of("卿退賔送再拜")] == ["退", "拜送"]  # 聘礼 seed 004


def test_a_bow_written_before_receiving_or_sending_off_is_one_act() -> None:
    """士相见礼: 主人再拜受 is one 拜受, 賔再拜送摯 one 拜送 (the guide's 拜受/拜送 lemmas)."""
    acts = acts_of("主人再拜受賔再拜送摯出")
    assert [(a.action, a.agents, a.objects) for a in acts] == [
        ("拜受", ["主人"], []), ("拜送", ["宾"], ["挚"]), ("出", ["宾"], [])]
    assert [a.action for a in acts_of("臣不敢辭再拜稽首受")] == ["辞", "拜受"]


def test_verbs_of_the_mourning_and_sacrifice_chapters_are_acts() -> None:
    """士虞/少牢/士丧: the lexicon's 尝, 醋 (written for 酢), 诏, 汲 are acts; what the 宗人 calls
    for (诏踊) is not done then; 庻 is 庶 (庻人見於君), 禭 is 襚; 得命 (being granted leave) is
    no 命."""
    assert [(a.action, a.agents, a.objects) for a in acts_of("尸嘗醴奠之")] == [
        ("尝", ["尸"], ["醴"]), ("奠", ["尸"], ["醴"])]
    reply = acts_of("祝酌授尸尸以醋主人主人拜受爵")[2]
    assert (reply.action, reply.agents, reply.recipients) == ("酢", ["尸"], ["主人"])
    assert [(a.action, a.agents) for a in acts_of("尸升宗人詔踊如初")] == [
        ("升", ["尸"]), ("诏", ["宗人"])]
    assert acts_of("管人汲不說繘屈之")[0].action == "汲"
    assert [(a.action, a.agents) for a in acts_of("庻人見於君")] == [("见", ["庶人"])]
    assert [(a.action, a.agents) for a in acts_of("禭者入")] == [("入", ["襚者"])]
    assert [a.action for a in acts_of("辭不得命則曰某無以見")] == ["辞", "曰"]


def test_roles_of_divination_and_mourning_are_one_role_each() -> None:
    """士丧礼/既夕礼: 命筮者 and 涖卜 (who charges the milfoil, who presides at the turtle) are
    roles, not 命/卜 with an object; 親者 and 庶兄弟 (= 衆兄弟, 郑注) mourn; 公史 is the lord's
    scribe, one role."""
    acts = acts_of("卒筮執卦以示命筮者命筮者受視")
    assert [(a.action, a.agents, a.recipients) for a in acts][-3:] == [
        ("示", [], ["命筮者"]), ("受", ["命筮者"], []), ("视", ["命筮者"], [])]
    assert [(a.action, a.agents) for a in acts_of("涖卜受視反之")][:2] == [
        ("受", ["涖卜"]), ("视", ["涖卜"])]
    assert [(a.action, a.agents) for a in acts_of("親者禭")] == [("襚", ["亲者"])]
    assert [(a.action, a.agents) for a in acts_of("庶兄弟禭")] == [("襚", ["众兄弟"])]
    assert acts_of("公史自西方東面命毋哭")[0].agents == ["公史"]


def test_unpunctuated_speech_ends_at_its_closing_formula_or_the_bidding_done() -> None:
    """士相见礼: a reply's 敢不V (敢不敬从, 敢不从) is its last word, what follows is done (and
    so is 从, the speaker complying, grammar ``[said] closing``); 觐礼: 擯者延之曰升升 — the second
    升 is the bidding done, by the one bidden; 乡射礼: 許諾 is the reply given, by the speaker."""
    acts = acts_of("主人對曰某也固辭不得命敢不敬從出迎于門外再拜賔荅再拜")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("对", ["主人"], []), ("从", ["主人"], []), ("出迎", ["主人"], []),
        ("再拜", ["主人"], ["宾"]), ("答拜", ["宾"], ["主人"])]
    assert [a.action for a in acts_of("賔對曰某固辭不得命敢不從再拜受")] == ["对", "从", "拜受"]
    acts = acts_of("侯氏降階東北面再拜稽首擯者延之曰升升成拜乃出")
    assert [(a.action, a.agents) for a in acts][2:] == [
        ("延", ["摈者"]), ("曰", ["摈者"]), ("升", ["侯氏"]), ("成拜", ["侯氏"]),
        ("出", ["侯氏"])]
    assert [(a.action, a.agents) for a in acts_of("賔對曰某不能爲二三子許諾")] == [
        ("对", ["宾"]), ("许", ["宾"])]


def test_the_acts_after_a_favour_are_the_favoured_ones() -> None:
    """觐礼/聘礼: 王勞之再拜稽首 — the bow after a favour done to 之 (劳, 赐) is the thanks of
    the one favoured, and he goes on (擯者延之曰升升成拜: 侯氏); with no one written after it
    (夫人使下大夫勞以二竹簋方) and in the translation (慰劳司正 … 迎接: 主人's) nothing changes."""
    acts = acts_of("侯氏入門左北面立王勞之再拜稽首擯者延之曰升升成拜降出")
    assert [(a.action, a.agents, a.recipients) for a in acts][2:6] == [
        ("劳", ["天子"], ["侯氏"]), ("再拜稽首", ["侯氏"], ["天子"]),
        ("延", ["摈者"], ["侯氏"]), ("曰", ["摈者"], ["侯氏"])]
    assert [a.agents for a in acts][6:] == [["侯氏"]] * 4
    acts = acts_of("夫人使下大夫勞以二竹簋方其實棗蒸栗擇兼執之以進")
    assert [a.agents for a in acts][1:] == [["下大夫"]] * 4
    acts = acts_of("主人脱下礼服，于是慰劳司正。不设介。派人催促在门外迎接，不拜。", modern=True)
    assert [(a.action, a.agents) for a in acts] == [  # 脱下礼服 is 说服 (seed gold 释服/说服)
        ("说服", ["主人"]), ("劳", ["主人"]), ("迎", ["主人"]), ("拜", ["主人"])]


def test_roles_written_solid_before_all_all_act() -> None:
    """既夕礼/有司彻/聘礼: roles written solid right before 皆 all act (主人主婦皆不哭,
    尸侑主人皆升筵, 賔介皆明日拜), but a role written solid after a verb is that verb's
    (大夫送賔公皆再拜: 公 bows; 賔厭衆賔衆賔皆入), and before 皆 and a thing they are
    those it is shared out to (侑主人皆一魚亦橫載之: not the 載's agents)."""
    assert acts_of("尸侑主人皆升筵")[0].agents == ["尸", "侑", "主人"]
    assert acts_of("賔介皆明日拜于朝")[0].agents == ["宾", "介"]
    assert [(a.action, a.agents, a.recipients) for a in acts_of("大夫送賔公皆再拜")] == [
        ("送", ["大夫"], ["宾"]), ("再拜", ["公"], ["大夫"])]
    assert [(a.action, a.agents, a.recipients) for a in acts_of("賔厭衆賔衆賔皆入門左")] == [
        ("厌", ["宾"], ["众宾"]), ("入", ["众宾"], [])]
    assert acts_of("司士載尸俎侑主人皆一魚亦橫載之")[-1].agents != ["侑", "主人"]
    assert acts_of("士介皆辟")[0].agents == ["介"]  # 士介: one role, the 衆介 of 聘礼


def test_an_order_not_to_act_is_no_act() -> None:
    """既夕礼: 公史自西方東面命毋哭 — what 命 forbids (毋V) is not done then, like what it
    orders (命哭); with the one ordered named (命X毋V) it is his act, negated; 不 after 命
    is no prohibition (衆介皆逆命不辭: the 辭 is negated, not dropped)."""
    acts = acts_of("公史自西方東面命毋哭主人主婦皆不哭")
    assert [(a.action, a.agents, a.recipients, a.negated) for a in acts] == [
        ("命", ["公史"], [], False), ("哭", ["主人", "主妇"], [], True)]
    assert [(a.action, a.agents, a.negated) for a in acts_of("命弟子毋哭")] == [
        ("命", [], False), ("哭", ["弟子"], True)]
    assert [(a.action, a.negated) for a in acts_of("衆介皆逆命不辭")][-1] == ("辞", True)


def test_not_speaking_is_an_act_negated() -> None:
    """特牲/有司彻: 主人不言拜侑 — 言 is a verb when negated: the silence is its own act, and
    the bow after it is done (the negation does not reach across a verb)."""
    assert [(a.action, a.agents, a.negated) for a in acts_of("主人不言拜侑")] == [
        ("言", ["主人"], True), ("拜", ["主人"], False)]
    # 士相见礼: 與君言言使臣 — what one speaks of is a precept, no act (言 is negated_only)
    assert "言" not in [a.action for a in acts_of("與君言言使臣與大人言言事君")]


def test_a_role_after_you_taken_up_by_zhi_is_the_condition() -> None:
    """士丧礼: 有賔則拜之 — the role after 有, taken up again by V之, is the condition and the
    one acted on, not the subject: the host bows to the guest and goes on (入坐于牀東); with
    no 之 it is the role's own act (有襚者則將命擯者)."""
    acts = acts_of("主人入坐于牀東有賔則拜之入坐于牀東")
    assert [(a.action, a.agents, a.recipients) for a in acts][2:] == [
        ("拜", ["主人"], ["宾"]), ("入", ["主人"], []), ("坐", ["主人"], [])]
    assert acts_of("有襚者則將命擯者出請")[0].agents == ["襚者"]


def test_a_thing_that_is_also_an_action_before_yu_is_the_act() -> None:
    """特牲/有司彻: 司宫筵于奥 — 筵 (the lexicon's mat and its laying) written right before 于,
    after its agent or an adverb, is the act (一 筵, the mat a 席); governed by a verb or after
    于 it is the mat (設筵于戸西, 奠于筵); 升筵 is read whole, the lexicon's alt label of 升席."""
    acts = acts_of("司宫筵于戸西南面又筵于西序東面")
    assert [(a.action, a.agents, a.objects, a.places, a.facing) for a in acts] == [
        ("筵", ["司宫"], ["席"], ["户西"], "南"), ("筵", ["司宫"], ["席"], ["西序"], "东")]
    assert [(a.action, a.objects) for a in acts_of("設筵于戸西")] == [("设", ["筵"])]
    assert [a.action for a in acts_of("尸侑主人皆升筵")] == ["升席"]
    assert [a.action for a in acts_of("主婦坐奠于筵前")] == ["奠"]


def test_the_basin_west_is_a_place() -> None:
    """士冠礼/少牢: 洗西 (west of the basin) is a place like 洗东, 洗北: 于洗西 is no washing."""
    (wash,) = acts_of("贊者盥于洗西")
    assert (wash.action, wash.agents, wash.places) == ("盥", ["赞者"], ["洗西"])
    assert [a.action for a in acts_of("司宫設罍水于洗東有枓設篚于洗西南肆")] == ["设", "设"]


def test_assent_with_its_word_is_one_reply() -> None:
    """乡射/士冠礼: 许诺 (assenting, saying 诺) is one act 许, not two."""
    (reply,) = acts_of("獲者許諾")
    assert (reply.action, reply.agents, reply.quote) == ("许", ["获者"], "獲者許諾")


def test_a_counted_verb_word_is_a_thing() -> None:
    """有司彻: a numeral quantifies a noun (执一匕, 执二匕): 匕 is the ladle taken, no act 匕."""
    acts = acts_of("雍正執一匕以從雍府執二匕以從")
    assert [(a.action, a.agents, a.objects) for a in acts][:2] == [
        ("执", ["雍正"], ["匕"]), ("从", ["雍正"], ["匕"])]
    assert "匕" not in [a.action for a in acts]


def test_officers_and_seniors_of_the_funeral_and_the_feast_are_roles() -> None:
    """既夕礼: 圉人 (grooms) and 遂匠 are named agents; 有司彻: 长宾 is the 宾长 and 众宾长
    the eldest of the other guests (lexicon roles)."""
    assert acts_of("圉人夾牽之")[-1].agents == ["圉人"]
    assert acts_of("遂匠納車于階間")[0].agents == ["遂匠"]
    assert acts_of("長賔升拜受爵")[0].agents == ["宾长"]
    assert acts_of("衆賔長升拜受爵")[-1].agents == ["众宾长"]


def test_an_office_word_after_a_role_is_acting_in_it() -> None:
    """有司彻/少牢/聘礼: 摈 bare after a role, closing its clause, is serving as 摈 (宗人摈,
    祝摈, 下大夫摈); 摈者 before its verb stays the officer."""
    meet, usher = acts_of("主人出迎尸宗人擯")
    assert (meet.action, meet.agents, meet.recipients) == ("出迎", ["主人"], ["尸"])
    assert (usher.action, usher.agents, usher.quote) == ("傧", ["宗人"], "宗人擯")
    assert next((a.action, a.agents) for a in acts_of("擯者出請")) == ("出", ["摈者"])


def test_classic_shuo_is_taking_off() -> None:
    """士虞/士丧/乡射: classic 说 (脱) is taking off (丈夫说绖带, 不说繘, 主人释服); 免绖 is the
    headband taken off, not 免; 谒 is the usher's announcing (觐礼 摈者谒)."""
    (off,) = acts_of("丈夫説絰帶于廟門外")
    assert (off.action, off.agents, off.places) == ("说", ["丈夫"], ["庙门外"])
    _, keep, _ = acts_of("管人汲不說繘屈之")
    assert (keep.action, keep.agents, keep.negated) == ("说", ["管人"], True)
    assert acts_of("主人北面免絰")[0].action == "免绖"
    assert acts_of("主人释服")[0].action == "说服"
    assert acts_of("主人脱下礼服，于是慰劳司正", modern=True)[0].action == "说服"
    assert [(a.action, a.agents) for a in acts_of("擯者謁")] == [("谒", ["摈者"])]


def test_orders_in_series_come_from_one_commander() -> None:
    """乡射: 司马命弟子说侯之左下纲而释之，命获者 — the one ordered unties the rope, the next
    order (命 written solid before another person) is again the 司马's; 反命 is not an order."""
    acts = acts_of("司馬命弟子說侯之左下綱而釋之命獲者以旌負侯")
    assert [(a.action, a.agents) for a in acts] == [
        ("命", ["司马"]), ("说", ["弟子"]), ("释", ["弟子"]), ("命", ["司马"]), ("负", ["获者"])]


def test_an_adverb_before_a_thing_is_its_verb() -> None:
    """士冠礼/公食/士虞: 反 before 之 or a thing governs it — giving back (主人受眡反之,
    主人辞宾反之, 宾降反俎于西塾); before a verb it stays the adverb (反奠之)."""
    assert [(a.action, a.agents) for a in acts_of("主人受眡反之")] == [
        ("受", ["主人"]), ("视", ["主人"]), ("反", ["主人"])]  # 眡: an old form of 视
    acts = acts_of("主人辭賔反之卷加席")
    assert [(a.action, a.agents) for a in acts] == [
        ("辞", ["主人"]), ("反", ["宾"]), ("加席", ["宾"])]
    back = acts_of("賔降反俎于西塾復位")[1]
    assert (back.action, back.objects, back.places) == ("反", ["俎"], ["西塾"])
    assert [a.action for a in acts_of("執膳爵者受公爵酌反奠之")] == ["受", "酌", "奠"]


def test_a_thing_in_its_place_is_no_position() -> None:
    """士冠礼/燕礼: X在Y is 立 only for a person (親者在室, 小臣师一人在东堂下); a thing there
    is only set out (水在洗东, 篚在洗西, 蒲筵二在南): no act."""
    assert [(a.action, a.agents) for a in acts_of("親者在室")] == [("立", ["亲者"])]
    assert [a.action for a in acts_of("小臣師一人在東堂下")] == ["立"]
    assert [a.action for a in acts_of("洗直于東榮南北以堂深水在洗東")] == ["洗"]
    assert acts_of("蒲筵二在南") == []
    assert [a.action for a in acts_of("罍水在東篚在洗西南肆設膳篚在其北西面")] == ["设"]


def test_going_to_the_laid_mat_is_taking_ones_mat() -> None:
    """有司彻/士冠礼: 就筵, 即筵 (筵 the mat laid) are 就席, 即席 (lexicon alt labels)."""
    assert [(a.action, a.agents) for a in acts_of("主人就筵")] == [("就席", ["主人"])]
    assert [a.action for a in acts_of("冠者即筵坐")] == ["即席", "坐"]


def test_the_basin_set_out_is_a_thing() -> None:
    """士冠礼/乡射/燕礼: 设洗 sets out the basin (洗, also a verb): one 设, object 洗."""
    (lay,) = acts_of("設洗直于東榮")
    assert (lay.action, lay.objects, lay.places) == ("设", ["洗"], ["东荣"])


def test_classic_yi_before_a_person_is_leading_him() -> None:
    """乡射/聘礼: 以 right before a person leads him (主人以宾揖, 下大夫劳者遂以宾入): both act,
    greeting each other, then the leader goes on alone (先入); not before the lord (以公赐)."""
    bow, enter = acts_of("主人以賔揖先入")
    assert (bow.action, bow.agents, bow.recipients) == ("揖", ["主人", "宾"], ["主人", "宾"])
    assert (enter.action, enter.agents) == ("入", ["主人"])
    assert acts_of("下大夫勞者遂以賔入")[0].agents == ["下大夫", "宾"]
    assert acts_of("上介徒以公賜告")[0].agents == ["公"]  # 以公赐: the lord's gift


def test_a_handling_verb_repeated_with_its_agent_is_a_heading() -> None:
    """有司彻: 乃羞宰夫羞房中之羞, 乃举司马举羊鼎 — the bare 羞/举 heads the acts the named
    officers do, no act of its own; a movement repeated so is two acts (乡射 乃降宾降)."""
    serve = acts_of("尸侑主人皆升筵乃羞宰夫羞房中之羞")[-1]
    assert (serve.action, serve.agents) == ("羞", ["宰夫"])
    assert [(a.action, a.agents) for a in acts_of("乃舉司馬舉羊鼎")] == [("举", ["司马"])]
    assert [a.action for a in acts_of("主人荅拜乃降賔降")] == ["答拜", "降", "降"]


def test_the_person_handled_is_no_subject() -> None:
    """士丧礼: a role right after a verb that handles a person (冯尸, 迁尸, 奉尸: the body) is
    the one it is done to, not the next verb's subject — the host leaps, the 士 go back."""
    hold, leap = acts_of("主人西面馮尸踊無算")
    assert (hold.action, hold.agents, hold.recipients) == ("冯", ["主人"], ["尸"])
    assert (leap.action, leap.agents) == ("踊", ["主人"])
    assert [(a.action, a.agents) for a in acts_of("士舉遷尸反位")][-1] == ("反位", ["士"])


def test_laying_out_the_food_and_the_food_of_a_place() -> None:
    """公食/士丧/聘礼: 馔 is laying out the food (宰夫之具馔于东房); after a place and 之 a verb
    names the things there (堂上之馔八), no act; 幠 covers the body (幠用夷衾)."""
    assert [(a.action, a.agents, a.places) for a in acts_of("宰夫之具饌于東房")] == [
        ("馔", ["宰夫"], ["东房"])]
    assert [a.action for a in acts_of("上介飪一牢堂上之饌六")] == []
    assert [a.action for a in acts_of("商祝拂柩用功布幠用夷衾")][-1] == "幠"


def test_the_basin_after_yu_and_the_bow_praising_the_wine() -> None:
    """少牢: 于 governs a noun — 皆盥于洗 is one 盥 at the basin; 有司彻/乡射: 拜告旨, the bow
    praising the wine, is one act 告旨."""
    (wash,) = acts_of("主人皆盥于洗")
    assert (wash.action, wash.places) == ("盥", ["洗"])
    assert [a.action for a in acts_of("坐奠爵拜告旨執爵以興")] == ["奠", "告旨", "执", "兴"]


def test_the_cup_set_down_taken_up_again() -> None:
    """士虞礼/燕礼: 奠 right after 取/举 is the cup set down (尸取奠, 公又举奠觯), no act 奠."""
    assert [(a.action, a.agents, a.objects) for a in acts_of("尸取奠左執之")] == [
        ("取", ["尸"], ["觯"]), ("执", ["尸"], ["觯"])]
    assert [a.action for a in acts_of("公又舉奠觶")] == ["举"]


def test_raising_the_stopped_cup() -> None:
    """有司彻: 作止爵 — raising (作) the cup that was stopped (止爵) — is taking it up, 举."""
    raise_, _, drink = acts_of("尸作止爵祭酒卒爵")
    assert (raise_.action, raise_.agents, raise_.objects) == ("举", ["尸"], ["爵"])
    assert drink.action == "卒爵"


def test_the_lords_command_after_yi_you_wei_is_a_noun() -> None:
    """士丧礼/士相见礼: 唯君命出, 有君命, 以君命 — the lord's command, a noun: the host, not the
    lord, goes out and up; after a bow 公命小臣 is the lord's order (燕礼)."""
    acts = acts_of("主人拜送如初唯君命出升降自西階遂拜賔")
    assert [(a.action, a.agents) for a in acts] == [
        ("拜送", ["主人"]), ("升", ["主人"]), ("降", ["主人"]), ("拜", ["主人"])]
    assert [(a.action, a.agents) for a in acts_of("有君命衆主人不出")] == [("出", ["众主人"])]
    order = acts_of("公荅再拜公命小臣辭")[1]
    assert (order.action, order.agents) == ("命", ["公"])


def test_a_role_apart_from_the_verb_opens_the_next_clause() -> None:
    """士丧礼: the one addressed is written right after the verb (告主人); a role written after
    other words (宗人告事具主人北面免绖) opens the next clause — the host takes off the band."""
    acts = acts_of("宗人告事具主人北面免絰左擁之")
    assert [(a.action, a.agents) for a in acts] == [
        ("告", ["宗人"]), ("免绖", ["主人"]), ("拥", ["主人"])]


def test_a_carried_thing_as_subject_is_its_bearer() -> None:
    """既夕礼: 烛入, 二烛俟于殡门外 — the torch written as a subject is its bearer (执烛者);
    灭烛 keeps the torch as the thing; 殡门外 is a place (the gate of the coffin court)."""
    assert [(a.action, a.agents) for a in acts_of("燭入")] == [("入", ["执烛者"])]
    (wait,) = acts_of("二燭俟于殯門外")
    assert (wait.action, wait.agents, wait.places) == ("俟", ["执烛者"], ["殡门外"])
    assert acts_of("卒命哭滅燭出")[1].objects == ["烛"]


def test_first_and_second_guests_and_the_head_of_a_row() -> None:
    """有司彻: 上宾 and 次宾 are roles (上宾洗爵以升, 次宾羞羊燔); 东上/北上 name the head of a
    row, never part of a role (北面东上宾与大夫拜, 西面北上摈者请: the 摈者, not the 上摈)."""
    assert acts_of("上賔洗爵以升")[0].agents == ["上宾"]
    assert acts_of("次賔羞羊燔")[0].agents == ["次宾"]
    assert acts_of("西階上北面東上賔與大夫拜")[0].agents == ["宾", "大夫"]
    assert acts_of("西面北上擯者請")[0].agents == ["摈者"]


def test_an_owner_before_a_qualified_thing() -> None:
    """少牢: 举尸牢肺, 受尸牢肺, 举尸一鱼 — the 尸 owns the lung (a count or one qualifying word
    between), he is not the subject of what follows: the 上佐食 lays it on the stand."""
    acts = acts_of("上佐食受尸牢肺正脊加于肵")
    assert [(a.action, a.agents) for a in acts] == [("受", ["上佐食"]), ("加", ["上佐食"])]
    assert acts_of("上佐食舉尸一魚尸受")[0].objects == ["鱼"]


def test_a_position_closed_by_a_yu_phrase_and_its_facing() -> None:
    """少牢/有司彻: 主人朝服西面于门东 — a position may end in a 于-phrase (one 立); a facing
    closing a 于-phrase is in the span of the verb before (主人立于洗东北西面 | 侑东面于…)."""
    stand, hold = acts_of("主人朝服西面于門東史朝服左執筮")  # 筮 the stalks held
    assert (stand.action, stand.agents, stand.places) == ("立", ["主人"], ["门东"])
    assert stand.facing == "西"
    assert (hold.action, hold.agents, hold.objects) == ("执", ["史"], ["筮"])
    host, aide = acts_of("主人立于洗東北西面侑東面于西階西南")
    assert (host.quote, host.facing) == ("主人立于洗東北西面", "西")
    assert (aide.quote, aide.agents, aide.facing) == ("侑東面于西階西", ["侑"], "东")


def test_wiping_the_vessels_and_setting_the_wine_in_order() -> None:
    """少牢/有司彻/聘礼: 摡 (雍人摡鼎匕俎于雍爨) and 摄 (司宫摄酒, 庭实皮则摄之) are acts."""
    assert acts_of("雍人摡鼎匕俎于雍爨")[0].action == "摡"
    assert [(a.action, a.agents, a.objects) for a in acts_of("司宫攝酒")] == [
        ("摄", ["司宫"], ["酒"])]


def test_the_other_women_are_a_role() -> None:
    """士丧礼: 众妇人户外北面 — the women of the lesser grades stand outside the door."""
    (stand,) = acts_of("衆婦人戸外北面")
    assert (stand.action, stand.agents, stand.facing) == ("立", ["众妇人"], "北")


def test_the_one_addressed_acts_next_across_a_folded_preverb() -> None:
    """有司彻 (KR1d0038, 主人酬长宾): 賔辭主人坐奠爵 — the 宾 declines to the host, and the host,
    written alone before 坐奠 (坐 folds into 奠), sets the cup down and goes on; the 宾 acts
    again only when named (賔拜受爵)."""
    acts = acts_of("主人洗賔辭主人坐奠爵于篚對卒洗升酌降復位賔拜受爵主人拜送爵")
    assert [(a.action, a.agents) for a in acts] == [
        ("洗", ["主人"]), ("辞", ["宾"]), ("奠", ["主人"]), ("对", ["主人"]),
        ("洗", ["主人"]), ("升", ["主人"]), ("酌", ["主人"]), ("降", ["主人"]),
        ("复位", ["主人"]), ("拜受", ["宾"]), ("拜送", ["主人"])]
    assert acts[1].recipients == ["主人"] and acts[3].recipients == ["宾"]
    assert acts[2].places == ["篚"]


def test_a_role_before_a_bow_to_a_group_is_the_one_bowed_to() -> None:
    """士丧礼 (KR1d0026, 小敛): 主人拜賔大夫特拜士旅之 — the host bows to each 大夫 singly (特拜)
    and to the 士 all at once (旅之); the roles written before those bows are bowed to, and the
    host goes on (即位, 踊, 袭绖, 复位)."""
    acts = acts_of("主人拜賔大夫特拜士旅之即位踊襲絰于序東復位")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("拜", ["主人"], ["宾"]), ("拜", ["主人"], ["大夫"]), ("拜", ["主人"], ["士"]),
        ("即位", ["主人"], []), ("踊", ["主人"], []), ("袭", ["主人"], []),
        ("复位", ["主人"], [])]
    assert acts[5].places == ["序"]


def test_offerings_written_as_subjects_stand_for_their_bearers() -> None:
    """士丧礼 (KR1d0038, 朝夕哭奠): 酒錯復位 — the wine "is set down and goes back to its place":
    the 执事 who carry it (grammar [bearers]); a thing after 以 is what one acts with, never its
    bearer (特牲 宰夫以籩受嗇黍: the 宰夫 takes it with the 笾)."""
    acts = acts_of("立于執豆之西東上酒錯復位")
    assert [(a.action, a.agents) for a in acts][-2:] == [("错", ["执事"]), ("复位", ["执事"])]
    (take,) = acts_of("宰夫以籩受嗇黍")
    assert (take.action, take.agents, take.objects) == ("受", ["宰夫"], ["笾", "黍"])


def test_a_role_is_in_a_yu_phrase_only_written_solid_after_yu() -> None:
    """觐礼 (KR1d0038): 置于宫尚左公侯伯子男皆就其旂而立 — 宫尚左 is not read, and the lords
    written after it (公侯伯子男, terms: 诸侯) are not whom the banners are set down to: they
    open the next clause and go to their banners; 告于公 keeps its addressee."""
    acts = acts_of("上介皆奉其君之旂置于宫尚左公侯伯子男皆就其旂而立")
    assert [(a.action, a.agents, a.objects, a.recipients) for a in acts] == [
        ("奉", ["上介"], ["旂"], []), ("置", ["上介"], ["旂"], []),
        ("就", ["诸侯"], ["旂"], []), ("立", ["诸侯"], [], [])]
    (tell,) = acts_of("宗人告于公")
    assert tell.recipients == ["公"]


def test_verbs_and_roles_of_the_rites_not_in_the_seeds() -> None:
    """Round 6 lexicon: 士相见礼 饰之以布, 维之以索 (the gift goose wrapped and tied), 执玉者 …
    舒武, 曳; 士丧礼 男女奉尸侇于堂, 卜人坐作龟; 既夕礼 商祝御柩, 成踊 (labelled 踊)."""
    acts = acts_of("下大夫相見以鴈飾之以布維之以索")  # V之以X: 之 the goose, X the means
    assert [(a.action, a.agents, a.objects) for a in acts][1:] == [
        ("饰", ["下大夫"], ["雁"]), ("维", ["下大夫"], ["雁"])]
    assert [a.objects for a in acts_of("主人以爵降")] == [["爵"]]  # 以X V: what is carried
    acts = acts_of("執玉者則唯舒武舉前曵踵")
    assert [(a.action, a.agents) for a in acts] == [
        ("舒武", ["执玉者"]), ("举", ["执玉者"]), ("曳", ["执玉者"])]
    _, move = acts_of("男女奉尸侇于堂")
    assert (move.action, move.agents, move.places) == ("侇", ["男女"], ["堂"])
    (scorch,) = acts_of("卜人坐作龜")
    assert (scorch.action, scorch.agents) == ("作龟", ["卜人"])
    (guide,) = acts_of("商祝御柩")
    assert (guide.action, guide.agents, guide.objects) == ("御", ["商祝"], ["柩"])
    assert [a.action for a in acts_of("主人成踊")] == ["踊"]


def test_the_one_bowed_to_answers_in_the_facing_written_before() -> None:
    """士冠礼 (KR1d0038, 宿宾): 西面再拜主人東面答拜 — the host, bowed to, answers facing east;
    after a verb that is not a bow the facing keeps its role the addressee (見贊者西面拜)."""
    acts = acts_of("賔出門左西面再拜主人東面答拜")
    assert [(a.action, a.agents, a.recipients, a.facing) for a in acts[1:]] == [
        ("再拜", ["宾"], ["主人"], "西"), ("答拜", ["主人"], ["宾"], "东")]


def test_the_act_written_again_after_ru_is_what_it_is_likened_to() -> None:
    """士冠礼 (KR1d0038): 入見姑姊如見母 — he sees the aunts and sisters as he saw his mother;
    the 見 after 如 is no act, and the mother no one's subject. 如執雉 alone stays the act."""
    acts = acts_of("冠者入見姑姊如見母。")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("入", ["冠者"], []), ("见", ["冠者"], ["姑", "姊妹"])]
    assert [a.action for a in acts_of("下大夫相見以鴈飾之以布維之以索如執雉")][-1] == "执"


def test_a_thing_that_is_a_verb_before_its_recipient_is_the_act() -> None:
    """士冠礼 (KR1d0038, 醴宾): 乃醴賔以壹獻之禮 — serving the 宾 the sweet wine, by the rite of
    one offering (no 献 made); after 請 it stays what is asked (請醴賔)."""
    acts = acts_of("主人乃醴賔以壹獻之禮。")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [("醴", ["主人"], ["宾"])]
    assert [a.action for a in acts_of("主人請醴賔。")] == ["请"]


def test_the_lords_unnamed_counterpart_is_his_retainer() -> None:
    """士相见礼 (KR1d0038): 若君賜之爵則下席再拜稽首受爵 — no one named but the lord, the 之 he
    favours is his 臣 (grammar [retainers]), who thanks and drinks; a 之 named before stays him."""
    acts = acts_of("若君賜之爵則下席再拜稽首受爵")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("赐", ["公"], ["臣"]), ("降席", ["臣"], []), ("拜受", ["臣"], [])]
    assert acts_of("賔升公賜之爵")[-1].recipients == ["宾"]


def test_a_person_a_route_passes_beside_is_no_actor() -> None:
    """既夕礼/士丧礼 (KR1d0038): 宰由主人之北舉幣, 遂先由主人之北適饌 — the host is where the
    way passes, on his north side; the 宰 (the 祝) goes on acting."""
    assert [a.agents for a in acts_of("宰由主人之北舉幣")] == [["宰"]]
    assert [(a.action, a.agents) for a in acts_of("祝由主人之北適饌")][:1] == [("适", ["祝"])]


def test_laying_out_is_the_officers_whoever_acted_before() -> None:
    """士冠礼 (KR1d0038): 擯者告期於賔之家 … 陳服于房中 — a subject carried over from another
    sentence does not lay things out (verbs.toml officers_only on 陈, 馔): the 有司 do."""
    assert acts_of("擯者告期于賔之家。陳服于房中。")[-1].agents == ["有司"]
    assert acts_of("擯者告期于賔之家陳服于房中")[-1].agents == ["摈者"]  # in its sentence


def test_the_host_invites() -> None:
    """士冠礼 (KR1d0038): 乃宿賔…賔拜送。宿贊冠者一人亦如之 — 宿 is the host's (verbs.toml officer
    主人, officers_only), not the guest's, the last to act."""
    assert acts_of("主人宿賔賔拜送。宿贊冠者一人亦如之。")[-1].agents == ["主人"]


def test_the_one_bowed_to_who_does_not_respond() -> None:
    """有司彻 (KR1d0038): 主人送于廟門之外拜尸不顧拜侑 — the 尸, bowed to, does not look back
    (a negated act written solid after the bow is his); the host goes on to bow to the 侑."""
    acts = acts_of("主人送于廟門之外拜尸不顧拜侑")
    assert [(a.action, a.agents, a.negated) for a in acts[1:]] == [
        ("拜", ["主人"], False), ("顾", ["尸"], True), ("拜", ["主人"], False)]


def test_a_person_beside_whom_the_subject_stands_is_no_actor() -> None:
    """少牢 (KR1d0038): 主婦主人之北西面拜送爵 — the 主妇 bows on the host's north side."""
    (bow,) = acts_of("主婦主人之北西面拜送爵")
    assert (bow.action, bow.agents, bow.facing) == ("拜送", ["主妇"], "西")


def test_dressed_as_for_an_occasion_is_no_act() -> None:
    """士冠礼 (KR1d0038, 为期): 有司皆如宿服立于西方 — dressed as for the 宿 (grammar objects
    dress): no 宿 is done, the officers stand."""
    assert [a.action for a in acts_of("有司皆如宿服立于西方東面")] == ["立"]


def test_a_one_word_reply_after_yue_is_all_that_is_said() -> None:
    """少牢 (KR1d0028): 史曰諾 — the 诺 is the whole reply; 抽, 执, 击 after it are the 史's."""
    acts = acts_of("史曰諾西面于門西抽下韇左執筮右兼執韇以擊筮")
    assert [(a.action, a.agents) for a in acts] == [
        ("曰", ["史"]), ("抽", ["史"]), ("执", ["史"]), ("执", ["史"]), ("击", ["史"])]
    assert (acts[1].facing, acts[1].places, acts[2].objects) == ("西", ["门西"], ["筮"])


def test_the_lifted_meat_set_down_or_taken_up_again_is_a_thing() -> None:
    """少牢 (KR1d0026, 餕): 𧃊者奠舉于俎 … 皆反取舉 — 举 after 奠/取/祭 is the meat lifted."""
    acts = acts_of("𧃊者奠舉于俎皆荅拜皆反取舉")
    assert [(a.action, a.objects) for a in acts] == [
        ("奠", ["举"]), ("答拜", []), ("取", ["举"])]


def test_variant_ting_and_the_parting_gift() -> None:
    """觐礼 (KR1d0028): 聴 is 聽, so 聴命 is one 听命 and the 降 after it is done, not what 命
    orders; 既夕 (KR1d0038): 贈 is a verb whose thing is the 币, not the 袭's."""
    acts = acts_of("矦氏升聴命降再拜稽首遂升受玉")
    assert [a.action for a in acts] == ["升", "听命", "降", "再拜稽首", "升", "受"]
    acts = acts_of("襲贈用制幣𤣥纁束拜稽顙踊如初")
    assert [(a.action, a.objects) for a in acts] == [
        ("袭", []), ("赠", ["币"]), ("拜稽颡", []), ("踊", [])]


def test_without_number_and_in_turn_are_no_things() -> None:
    """既夕: 踊無算 is how often the host leaps (no counters 算 for the 降 after it); 拾踊三 is
    leaping in turn (拾 the adverb, not the armlet taken by 即位)."""
    acts = acts_of("主人踊無算降拜賔即位踊襲")
    assert [(a.action, a.objects) for a in acts][:2] == [("踊", []), ("降", [])]
    acts = acts_of("卒袒拜賔主婦亦拜賔即位拾踊三襲")
    assert [(a.action, a.objects) for a in acts if a.action in ("即位", "踊")] == [
        ("即位", []), ("踊", [])]


def test_all_after_an_answering_bow_the_answerers_drink() -> None:
    """少牢 (KR1d0026, 餕): 皆 says the 餕者 who answered go on to drink; the host who bowed
    first answers their bow after it."""
    acts = acts_of("主人西面三拜餕者餕者奠爵皆荅拜皆祭酒卒爵奠爵皆拜主人荅壹拜")
    assert [(a.action, a.agents) for a in acts] == [
        ("拜", ["主人"]), ("奠", ["餕者"]), ("答拜", ["餕者"]), ("祭", ["餕者"]),
        ("卒爵", ["餕者"]), ("奠", ["餕者"]), ("拜", ["餕者"]), ("答拜", ["主人"])]


def test_the_one_asked_replies(predicted: list[dict]) -> None:
    """既夕 (KR1d0038): 有司請祖期 (a 注 between) 曰日側 — the host, asked, names the hour."""
    (reply,) = [r for r in predicted
                if r["file"].endswith("KR1d0038_013.txt") and r["start"] == 2366]
    assert (reply["action"], reply["agent"], reply["recipient"]) == ("曰", ["主人"], ["有司"])
    acts = acts_of("擯者出請事賔曰")  # 请事 likewise (聘礼 擯者出請事)
    assert [(a.action, a.agents) for a in acts][-1] == ("曰", ["宾"])


def test_the_one_bowed_to_is_quoted_with_his_answer() -> None:
    """士虞礼 (KR1d0028): 佐食祭酒卒爵拜主人答拜 — the 主人 is bowed to and answers: quoted
    with the answer (GUIDE: 主人答拜), still the bow's recipient; so over a facing."""
    bow, answer = acts_of("佐食祭酒卒爵拜主人答拜")[-2:]
    assert (bow.quote, bow.agents, bow.recipients) == ("拜", ["佐食"], ["主人"])
    assert (answer.quote, answer.agents, answer.recipients) == ("主人答拜", ["主人"], ["佐食"])
    assert [a.quote for a in acts_of("主人再拜賔答拜")] == ["主人再拜", "賔答拜"]
    assert [a.quote for a in acts_of("再拜主人東面答拜")] == ["再拜", "主人東面答拜"]


def test_between_the_stairs_and_the_condoling_guest() -> None:
    """觐礼: 兩階之間 is 阶间 (no 之 read as a pronoun); 既夕 记: 賔弔者 is the 宾."""
    lower, _ = acts_of("侯氏降兩階之間北面再拜稽首")
    assert (lower.action, lower.places, lower.objects) == ("降", ["阶间"], [])
    assert [a.agents for a in acts_of("賔弔者升自西階曰如之何")] == [["宾"], ["宾"]]


def test_fan_ming_is_reporting_back() -> None:
    """燕礼 (KR1d0026, 命宾): 射人反命 — the officer reports the answer back (告), no new 命."""
    acts = acts_of("賔少進禮辭射人反命")
    assert [(a.action, a.agents) for a in acts][-1] == ("告", ["射人"])


def test_a_person_named_by_an_act_with_its_thing_is_the_one_who_did_it() -> None:
    """燕礼 (KR1d0038): 下大夫二人媵爵 … 公答再拜媵爵者立于洗南 — 媵爵者 are the two 下大夫 who
    raised the cups, not the 公 who answered last; a bare V者 (退者與進者) is no one before."""
    acts = acts_of("下大夫二人媵爵公答再拜媵爵者立于洗南西面北上序進盥")
    assert [(a.action, a.agents) for a in acts] == [
        ("媵", ["下大夫"]), ("答拜", ["公"]), ("立", ["下大夫"]), ("盥", ["下大夫"])]


def test_a_sitting_that_ends_its_clause_or_governs_both_hands_stands_alone() -> None:
    """燕礼 (KR1d0026, KR1d0038; GUIDE-kanripo §7): 坐 after 就席 before a new subject ends its
    clause, and 坐 before 左V…右V governs both hands' acts — its own act each time; 坐奠 folds."""
    acts = acts_of("受賜爵者以爵就席坐公卒爵")
    assert [(a.action, a.agents) for a in acts] == [
        ("就席", ["所赐者"]), ("坐", ["所赐者"]), ("卒爵", ["公"])]
    acts = acts_of("卿升席坐左執爵右祭脯醢")
    assert [(a.quote, a.action, a.objects) for a in acts] == [
        ("卿升席", "升席", []), ("坐", "坐", []), ("左執爵", "执", ["爵"]),
        ("右祭脯醢", "祭", ["脯", "醢"])]
    assert [a.action for a in acts_of("卿坐奠爵")] == ["奠"]
    # a 左/右 not written solid before a verb is no hand (士虞 從者錯篚于尸左席上)
    assert [a.action for a in acts_of("從者錯篚于尸左席上")] == ["错"]


def test_the_one_bowed_to_answers_from_where_he_stands() -> None:
    """乡射礼 (KR1d0038, 拜至): the places written between the one bowed to and his answer are
    where he answers from, not the bow's (主人…再拜賔西階上當楣北面答再拜: the 宾 answers)."""
    bow, answer = acts_of("主人阼階上當楣北面再拜賔西階上當楣北面答再拜")
    assert (bow.action, bow.agents, bow.recipients, bow.places) == (
        "再拜", ["主人"], ["宾"], ["阼阶", "楣"])
    assert (answer.quote, answer.action, answer.agents, answer.places, answer.facing) == (
        "賔西階上當楣北面答再拜", "答拜", ["宾"], ["西阶", "楣"], "北")


def test_the_act_after_then_is_the_one_who_waited() -> None:
    """燕礼 (KR1d0026) and 士相见礼 (KR1d0038): in the classic 然後V after a clause naming
    someone else is the act of the one who waited for it (公卒爵然後飲: the 所赐者 drinks)."""
    acts = acts_of("受賜爵者以爵就席坐公卒爵然後飲")
    assert [(a.action, a.agents) for a in acts][-2:] == [("卒爵", ["公"]), ("饮", ["所赐者"])]
    acts = acts_of("若君賜之爵則下席再拜稽首受爵升席祭卒爵而俟君卒爵然後授虛爵退")
    assert [(a.action, a.agents) for a in acts][-3:] == [
        ("卒爵", ["公"]), ("授", ["臣"]), ("退", ["臣"])]
    # the translation's 然后 is "and then": the same agent goes on (乡射礼 seed 000)
    acts = acts_of("相工坐下授予瑟，然后降阶", modern=True)
    assert {tuple(a.agents) for a in acts} == {("相者",)}


def test_a_place_read_whole_before_a_facing() -> None:
    """有司彻 (KR1d0026): 西楹西北面 is the place 西楹西 and the facing 北面, not 西楹 + 西北面;
    a place whose whole reading leaves no facing still yields to one (洗南面: 洗 + 南面)."""
    (act,) = acts_of("尸西楹西北面拜洗")
    assert (act.places, act.facing) == (["西楹西"], "北")
    (act,) = acts_of("賔戸西北面答拜")
    assert (act.places, act.facing) == (["户西"], "北")
    (act,) = acts_of("主人西北面拜")
    assert act.facing == "西北"
def test_its_place_is_no_relative_clause() -> None:
    """公食大夫礼 (KR1d0038, 賓祭加饌): 北面反奠于其所降辭公 — 其所 is "its place" (grammar
    [opaque]), no relative 所V: the 宾 puts the food back, goes down and declines to the lord."""
    acts = acts_of("公辭賔西面坐奠于階西東面對西面坐取之栗階升北面反奠于其所降辭公")
    assert [(a.action, a.agents, a.recipients) for a in acts][-3:] == [
        ("奠", ["宾"], []), ("降", ["宾"], []), ("辞", ["宾"], ["公"])]


def test_the_one_declined_to_goes_on_across_his_facing() -> None:
    """公食大夫礼 (KR1d0038): 公辭賔西面坐奠于階西 — the one addressed, written alone before the
    facing he acts in and his next verb, does it (as 再拜主人東面答拜 after a bow); a bow after
    the facing stays the addresser's (士冠礼 見贊者西面拜: the 冠者 bows)."""
    acts = acts_of("公辭賔西面坐奠于階西東面對")
    assert [(a.action, a.agents) for a in acts] == [("辞", ["公"]), ("奠", ["宾"]), ("对", ["宾"])]
    assert acts[1].facing == "西" and acts[2].recipients == ["公"]
    assert acts_of("冠者見於兄弟兄弟再拜冠者答拜見贊者西面拜")[-1].agents == ["冠者"]


def test_stepping_aside_answers_the_bow() -> None:
    """公食大夫礼 (KR1d0026, 迎賓): 公再拜賓辟再拜稽首 — 辟, avoiding the lord's bow, is the answer
    of the one bowed to (grammar [bow_answers]), who then bows to the lord."""
    acts = acts_of("賓入門左公再拜賓辟再拜稽首")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("入", ["宾"], []), ("再拜", ["公"], ["宾"]), ("辟", ["宾"], []),
        ("再拜稽首", ["宾"], ["公"])]


def test_a_route_by_the_lords_hand_side_leaves_him_out() -> None:
    """聘礼 (KR1d0026 受命, KR1d0038 反命): 宰執圭屈繅自公左授使者, 宰自公左受玉 — the 宰 passes
    on the lord's left; the 公 neither acts nor is addressed."""
    acts = acts_of("宰執圭屈繅自公左授使者")
    assert [(a.action, a.agents, a.recipients) for a in acts][-1] == ("授", ["宰"], ["使者"])
    assert [(a.action, a.agents, a.objects) for a in acts_of("宰自公左受玉受上介璋")] == [
        ("受", ["宰"], ["圭"]), ("受", ["宰"], ["璋"])]


def test_the_courtesy_call_is_an_act() -> None:
    """聘礼 (KR1d0038): 賓朝服問卿 — 问 (verbs.toml), the envoy's call on the 卿."""
    (call,) = acts_of("賓朝服問卿")
    assert (call.action, call.agents, call.recipients) == ("问", ["宾"], ["卿"])


def test_one_man_is_never_the_lords_chief() -> None:
    """公食大夫礼 (KR1d0038, 庶羞): 宰夫授公飯粱 … 士羞庶羞 … 先者一人升設于稻南簋西 — the lord
    last addressed is no group, so "one man" (一人) is not his chief: the 士 carried on go up
    and set the dishes out (grammar [chief]; 左瑟一人 stays the chief of the 工)."""
    acts = acts_of("宰夫授公飯粱公設之于湇西士羞庶羞皆有大蓋執豆如宰先者一人升設于稻南簋西")
    assert [(a.action, a.agents) for a in acts][-2:] == [("升", ["士"]), ("设", ["士"])]


def test_declining_a_bow_just_made_hands_back_to_the_bower() -> None:
    """聘礼 (KR1d0038, 問卿): 大夫降階西再拜稽首賓辭升成拜受幣 — the 賓 declines the bow just made
    (a 辞 right after another's bow, as an intermediary's 下拜小臣辞升成拜), so the 大夫 goes up,
    completes the bow and takes the gift; a 辞 after a request stays (乡射 賔禮辭許: the 宾)."""
    acts = acts_of("賓東面致命大夫降階西再拜稽首賓辭升成拜受幣")
    assert [(a.action, a.agents) for a in acts][-4:] == [
        ("辞", ["宾"]), ("升", ["大夫"]), ("成拜", ["大夫"]), ("受", ["大夫"])]
    acts = acts_of("主人再拜賔答再拜乃請賔禮辭許")
    assert [(a.action, a.agents) for a in acts][-2:] == [("辞", ["宾"]), ("许", ["宾"])]


def test_a_role_after_a_reply_and_before_a_verb_begins_the_next_clause() -> None:
    """乡射礼 (KR1d0026, 献宾): 賔對主人卒盥壹揖壹讓升 — the 主人 washes, bows and goes up; a reply
    (对) takes no role written solid before a verb; 答君而俟 (燕礼 记) keeps 君 the one answered."""
    acts = acts_of("賔降主人辭降賔對主人卒盥壹揖壹讓升賔升西階上疑立")
    assert [(a.action, a.agents) for a in acts][2:8] == [
        ("对", ["宾"]), ("盥", ["主人"]), ("揖", ["主人"]), ("让", ["主人"]), ("升", ["主人"]),
        ("升", ["宾"])]
    assert acts[2].recipients == ["主人"]
    (answer, wait) = acts_of("答君而俟")
    assert (answer.action, answer.recipients, wait.agents) == ("对", ["公"], [])


def test_a_role_after_mou_is_a_name_in_the_words_said() -> None:
    """聘礼 (KR1d0038, 反命): 某君 in 反命曰以君命聘于某君某君受幣于某宫某君再拜 names a lord
    inside the report (grammar [placeholder]): no act of the words said, and the narrative
    opens again only with 宰."""
    acts = acts_of("反命曰以君命聘于某君某君受幣于某宫某君再拜以享某君某君再拜宰自公左受玉")
    assert [(a.action, a.agents) for a in acts] == [("告", []), ("受", ["宰"])]


def test_the_third_offering_names_its_offerer_where_a_role_stands() -> None:
    """有司彻 (KR1d0038): 三獻 after a verb or before a facing, place or verb is the third
    offerer, the 上賓 (grammar [verb_roles]); after its doer it stays the act (少牢 賔長三獻)."""
    acts = acts_of("卒爵拜三獻答拜受爵尸降筵受三獻爵酌以酢之三獻西楹西北面拜受爵")
    assert [(a.action, a.agents, a.recipients) for a in acts] == [
        ("卒爵", [], []), ("拜", [], ["上宾"]), ("答拜", ["上宾"], []), ("受", ["上宾"], []),
        ("降席", ["尸"], []), ("受", ["尸"], []), ("酌", ["尸"], []), ("酢", ["尸"], ["上宾"]),
        ("拜受", ["上宾"], [])]
    assert [(a.action, a.agents) for a in acts_of("賔長三獻主人降拜衆賔")] == [
        ("三献", ["宾长"]), ("降", ["主人"]), ("拜", ["主人"])]


def test_a_position_reads_over_jie_and_the_facing_spelt_with_xiang() -> None:
    """有司彻 侑升尸侑皆北面于西楹西: 皆 between the roles and the facing still makes one 立 of
    both; 聘礼 (KR1d0038) 君朝服南郷: 郷, the 四庫 form of 鄉 (variants.toml), is a facing."""
    acts = acts_of("侑升尸侑皆北面于西楹西")
    assert [(a.action, a.agents, a.places, a.facing) for a in acts] == [
        ("升", ["侑"], [], None), ("立", ["尸", "侑"], ["西楹西"], "北")]
    assert [(a.action, a.agents, a.facing) for a in acts_of("君朝服南郷卿大夫西面北上")] == [
        ("立", ["公"], "南"), ("立", ["卿", "大夫"], "西")]


def test_words_said_that_do_what_they_say_are_the_speakers_acts() -> None:
    """士相见礼 (KR1d0038, the 还贽): in the words said, 请 and a 辞 right after 敢 are acts of the
    speaker, addressed to the one he answers (grammar ``[said]``); 某也既得見矣 and a 辞 not
    after 敢 (某也辭不得命: the declining already done) are not; 不敢固辭 is the 辞 negated; 曰請
    written solid is one act (少牢 宗人…曰請祭期: kanripo_check_16 has it as [请, 曰])."""
    acts = acts_of("主人對曰某也既得見矣敢辭賔對曰某也非敢求見請還贄於將命者主人對曰某也既得見矣"
                   "敢固辭賔對曰某不敢以聞固以請於將命者")
    assert [(a.quote, a.action, a.agents, a.recipients) for a in acts][2:] == [
        ("賔對曰", "对", ["宾"], ["主人"]), ("請", "请", ["宾"], ["主人"]),
        ("主人對曰", "对", ["主人"], ["宾"]), ("固辭", "辞", ["主人"], ["宾"]),
        ("賔對曰", "对", ["宾"], ["主人"]), ("請", "请", ["宾"], ["主人"])]
    acts = acts_of("若嘗為臣者則禮辭其贄曰某也辭不得命不敢固辭賔入奠贄")
    assert [(a.quote, a.action, a.negated) for a in acts if a.action == "辞"] == [
        ("則禮辭其贄", "辞", False), ("不敢固辭", "辞", True)]
    assert [a.action for a in acts_of("宗人朝服北面曰請祭期")] == ["曰"]


def test_a_role_before_a_side_is_where_the_subject_stands() -> None:
    """燕礼 (KR1d0028, 主人献宾): 賓右 after the subject and before his verb, or before a facing,
    and 主人之左 are places beside that person, not actors: the host bows and sets the 觚 down
    at the 宾's right, the 宾 bows at the host's left; 尸左執爵 is still the 尸's left hand."""
    acts = acts_of("賓升自西階主人亦升自西階賓右北面至再拜賔答再拜")
    assert [(a.action, a.agents, a.recipients, a.facing) for a in acts][2:] == [
        ("拜至", ["主人"], ["宾"], "北"), ("答拜", ["宾"], ["主人"], None)]
    acts = acts_of("主人升賔拜洗主人賓右奠觚答拜降盥")
    assert [(a.action, a.agents) for a in acts][2:] == [
        ("奠", ["主人"]), ("答拜", ["主人"]), ("降", ["主人"]), ("盥", ["主人"])]
    acts = acts_of("主人北面拜受爵賔主人之左拜送爵")
    assert [(a.action, a.agents, a.recipients) for a in acts][1:] == [("拜送", ["宾"], ["主人"])]
    assert [a.agents for a in acts_of("尸左執爵右兼取肝")] == [["尸"], ["尸"]]


def test_a_helper_written_between_a_role_and_his_verb_makes_an_aside() -> None:
    """燕礼 (KR1d0038, 主人献公): 膳宰贊授肺 — 贊 between the 膳宰 and 授 is no role (grammar
    ``[assisting]``), the 膳宰 hands the lung as an aside, and the 公 goes on to 不拜酒, 卒爵 …"""
    acts = acts_of("公祭如賔禮膳宰贊授肺不拜酒立卒爵坐奠爵拜執爵興主人答拜")
    assert [(a.action, a.agents) for a in acts] == [
        ("祭", ["公"]), ("授", ["膳宰"]), ("拜", ["公"]), ("卒爵", ["公"]), ("奠", ["公"]),
        ("拜", ["公"]), ("执", ["公"]), ("兴", ["公"]), ("答拜", ["主人"])]
    assert acts[-1].recipients == ["公"]


def test_a_reply_answers_the_one_who_just_spoke() -> None:
    """士相见礼 (KR1d0038, 士见于大夫): the 擯者 returns the 贄 and speaks; each 賔對曰 answers
    him, not the 主人 (the one last met), and the 宾's 敢辭 and 敢固辭 go to him too."""
    acts = acts_of("賔出使擯者還其贄于門外曰某也使某還贄賔對曰某也既得見矣敢辭擯者對曰某也命某某"
                   "非敢為儀也敢以請賔對曰某也夫子之賤私不足以踐禮敢固辭")
    assert [(a.action, a.agents, a.recipients) for a in acts][3:] == [
        ("曰", ["摈者"], ["宾"]), ("对", ["宾"], ["摈者"]), ("辞", ["宾"], ["摈者"]),
        ("对", ["摈者"], ["宾"]), ("请", ["摈者"], ["宾"]), ("对", ["宾"], ["摈者"]),
        ("辞", ["宾"], ["摈者"])]


def test_a_report_back_is_the_messengers_while_the_one_he_bade_goes_on() -> None:
    """燕礼 (KR1d0038): 射人命賔賔少進禮辭反命又命之 — 反命 (grammar [report_back]) with no
    subject, right after the 宾 he bade declines, is the 射人's, who then bids him again."""
    acts = acts_of("射人命賔賔少進禮辭反命又命之賔再拜稽首")
    assert [(a.action, a.agents) for a in acts] == [
        ("命", ["射人"]), ("辞", ["宾"]), ("告", ["射人"]), ("命", ["射人"]),
        ("再拜稽首", ["宾"])]
    assert acts[3].recipients == ["宾"]


def test_dai_is_waiting_as_si_is() -> None:
    """士丧礼 (KR1d0026, 襚): 待 is the 经's other word for waiting (俟, verbs.toml classic): the
    host waits in his place while the usher goes in and out (擯者出請入告主人待于位)."""
    acts = acts_of("擯者出請入告主人待于位")
    assert [(a.action, a.agents) for a in acts] == [
        ("出", ["摈者"]), ("请", ["摈者"]), ("告", ["摈者"]), ("俟", ["主人"])]


def test_the_cloth_written_before_zhi_or_after_its_doer_is_covering() -> None:
    """士丧礼 (KR1d0026/0038): 巾, the cloth, is the act of covering the 奠 with it when written
    right before 之 or solid after its doer closing the clause (pass verbal_things): 祝受巾巾之
    → 受 (the cloth received) then 巾; 祝與執豆者巾乃出 → 巾, 出; 主人筵前獻賓 keeps the mat a
    place."""
    acts = acts_of("祝受巾巾之由足降自西階")
    assert [(a.action, a.agents) for a in acts] == [
        ("受", ["祝"]), ("巾", ["祝"]), ("降", ["祝"])]
    assert acts[0].objects == ["巾"]
    assert [(a.action, a.agents) for a in acts_of("祝與執豆者巾乃出")][:2] == [
        ("巾", ["祝"]), ("出", ["祝"])]
    assert [a.action for a in acts_of("主人筵前獻賓")] == ["献"]


def test_the_cloth_solid_before_what_it_lays_is_spreading() -> None:
    """士丧礼 (KR1d0026, 小斂): 布, the cloth (object), is spreading when written solid before a
    thing, no verb before it (verbal_things, verbs.toml `puts`): 布席于戶内 → 布 the 席; 商祝布絞衾
    → 布 by the 商祝, the binding strips and coverlets; 布巾 is the cloth (no act), so is 用疏布."""
    (spread,) = acts_of("布席于戶内")
    assert (spread.action, spread.objects) == ("布", ["席"])
    spread = acts_of("商祝布絞紟衾衣")[0]
    assert (spread.action, spread.agents, spread.objects[:2]) == ("布", ["商祝"], ["绞", "衾"])
    assert acts_of("兩籩無縢布巾") == [] and acts_of("幂用疏布") == []


def test_the_sacrificial_robes_are_a_thing_not_an_offering() -> None:
    """士丧礼 (KR1d0026/0038): 祭服, the sacrificial robes laid out for the laying-out, is a garment
    (lexicon object), no 祭 offered: 商祝布絞衾散衣祭服祭服不倒 is one act, 布, of the 商祝."""
    acts = acts_of("商祝布絞衾散衣祭服祭服不倒")
    assert [(a.action, a.agents) for a in acts] == [("布", ["商祝"])]
    assert acts[0].objects == ["绞", "衾", "散衣", "祭服"]


def test_the_one_a_message_is_delivered_to_bows_his_thanks() -> None:
    """士丧礼 襚 and 聘礼 致館 (verbs.toml 致命 `thanked`): the one the message is delivered to,
    written solid before a bow, bows (賔入中庭北面致命主人拜稽顙: the host, to the 宾;
    卿致命賔再拜稽首: the 宾); after 迎 the one met is bowed to (主人迎賔拜: the host bows)."""
    acts = acts_of("賔入中庭北面致命主人拜稽顙賔升自西階")
    assert [(a.action, a.agents) for a in acts] == [
        ("入", ["宾"]), ("致命", ["宾"]), ("拜稽颡", ["主人"]), ("升", ["宾"])]
    assert acts[2].recipients == ["宾"]
    assert [(a.action, a.agents) for a in acts_of("卿致命賔再拜稽首")][1] == ("再拜稽首", ["宾"])
    assert [(a.action, a.agents) for a in acts_of("主人迎賔拜")][1] == ("拜", ["主人"])


def test_an_act_done_again_is_by_the_one_who_did_it_last() -> None:
    """既夕礼 (KR1d0026, 賵): 又 solid before a subjectless verb (grammar [again]) — the act is done
    once more, by its last doer, not by the subject carried over: 擯者出請…士受羊如受馬又請 → the
    usher asks again, and goes in to report."""
    acts = acts_of("擯者出請若奠入告出以賔入將命如初士受羊如受馬又請若賻入告")
    assert [(a.action, a.agents) for a in acts][-4:] == [
        ("受", ["士"]), ("请", ["摈者"]), ("入", ["摈者"]), ("告", ["摈者"])]


def test_the_offering_going_up_is_its_bearers() -> None:
    """既夕礼/士丧礼 (pass bearers, grammar [bearer_moves]): 奠, the offering, written solid before
    a going with nothing solid before it, is the 执事 who carry it (婦人從升東面奠升設于柩西: the
    women go up, the 执事 go up and set it out; 甸人徹鼎奠由楹内入于室: they go in); 主人坐奠升
    stays the host's setting down."""
    acts = acts_of("婦人從升東面奠升設于柩西")
    assert [(a.action, a.agents) for a in acts] == [
        ("从", ["妇人"]), ("升", ["妇人"]), ("升", ["执事"]), ("设", ["执事"])]
    assert [(a.action, a.agents) for a in acts_of("甸人徹鼎奠由楹内入于室")] == [
        ("彻", ["甸人"]), ("入", ["执事"])]
    assert [(a.action, a.agents) for a in acts_of("主人坐奠升")] == [
        ("奠", ["主人"]), ("升", ["主人"])]


def test_a_facing_solid_between_a_verb_and_a_new_subject_is_the_verb_befores() -> None:
    """既夕礼 记 (KR1d0038, 朝禰): a facing written solid after a verb with a role solid after it
    is where that verb ends, the role opening the next clause with his facing after him
    (婦人從升東面奠升設于柩西: the women go up facing east; the 执事, bearers of the 奠, go up
    and set it out; 主人升東面衆主人升西面: each his own)."""
    acts = acts_of("婦人從升東面奠升設于柩西")
    assert [(a.action, a.agents, a.facing) for a in acts] == [
        ("从", ["妇人"], None), ("升", ["妇人"], "东"), ("升", ["执事"], None),
        ("设", ["执事"], None)]
    assert [(a.agents, a.facing) for a in acts_of("主人升東面衆主人升西面")] == [
        (["主人"], "东"), (["众主人"], "西")]


def test_the_garment_solid_before_the_body_is_clothing_it() -> None:
    """士丧礼 (KR1d0026, 襚): 衣, the garment, written solid before the body it is done to is the
    act (verbs.toml 衣 `handles`, pass verbal_things), whatever stands before it (禭者入衣尸出:
    入, 衣 done to the 尸, 出, all the 襚者's); 陳衣于房 keeps the garment laid out."""
    acts = acts_of("主人拜如初禭者入衣尸出主人拜送")
    assert [(a.action, a.agents) for a in acts] == [
        ("拜", ["主人"]), ("入", ["襚者"]), ("衣", ["襚者"]), ("出", ["襚者"]),
        ("拜送", ["主人"])]
    assert acts[2].recipients == ["尸"]
    assert [(a.action, a.objects) for a in acts_of("陳衣于房")] == [("陈", ["衣"])]


def test_fixing_the_hour_is_the_hosts_act() -> None:
    """士冠礼 (third 01), 少牢: 爲期 is fixing the hour (为期), the host's, not the one who acted
    last (the 宾 seen off after he was bidden)."""
    acts = acts_of("賔許主人再拜賔荅拜主人退賔拜送厥明夕爲期于廟門之外")
    assert [(a.action, a.agents) for a in acts][-2:] == [("拜送", ["宾"]), ("为期", ["主人"])]
    assert acts[-1].places[:1] == ["庙门"]


def test_the_things_the_figure_is_drawn_with_are_no_role() -> None:
    """士冠礼 (third 01): in 筮與席所卦者具饌于西塾 所卦者 are things (注 所以画地记爻), so the
    laying out is the 有司's, not a 卦者's."""
    acts = acts_of("筮與席所卦者具饌于西塾")
    assert [(a.action, a.agents, a.places) for a in acts if a.action == "馔"] == [
        ("馔", ["有司"], ["西塾"])]


def test_shaking_the_towel_out_is_an_act_on_the_thing_handled() -> None:
    """少牢 (third 16): 取巾興振之三 — 振 (shaking out) takes the towel, 之; 振祭 stays one act."""
    acts = acts_of("坐奠簞取巾興振之三以授尸")
    assert [(a.action, a.objects) for a in acts][2:4] == [("兴", []), ("振", ["巾"])]
    assert [a.action for a in acts_of("右兼取肝擩于俎鹽振祭嚌之")] == ["取", "擩", "振祭", "哜"]


def test_leaving_or_mounting_the_mat_written_with_yan_is_one_act() -> None:
    """士冠礼 (third 01), 有司彻, 少牢: 降筵 / 升筵 are 降席 / 升席 (the lexicon's alt labels, as
    即筵 is 即席): the mat is where one goes, no thing taken (筵末坐啐酒降筵拜)."""
    acts = acts_of("筵末坐啐酒降筵拜")
    assert [(a.action, a.objects, a.places) for a in acts] == [
        ("啐", ["酒"], []), ("降席", [], ["席"]), ("拜", [], [])]
    ((act,),) = [acts_of("冠者升筵")]
    assert (act.action, act.agents, act.objects) == ("升席", ["冠者"], [])
