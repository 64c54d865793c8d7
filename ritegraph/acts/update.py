"""The explicit update of the context after one act (``resolve`` only reads it): who goes on
acting, the last bower, gift, answer, request and series of orders, the things handled."""

from __future__ import annotations

from .context import Context, Head
from .resolve import Reading
from .rules import Kind, Rules


def update_context(ctx: Context, head: Head, reading: Reading, text: str, rules: Rules,
                   end: int) -> None:
    """What the act changes for the clauses after it: the subject, the last bower, the cup
    given, the things handled, the last group addressed and the series of orders."""
    agents, recipients = reading.agents, reading.recipients
    if reading.cup:
        ctx.last_cup = reading.cup
    _update_subject(ctx, head, reading, text, rules)
    if head.verb.bow and not reading.negated:
        ctx.last_bower, ctx.bow_at = tuple(agents), ctx.turns
    _update_gift(ctx, head, reading)
    _update_answer(ctx, head, reading)
    handled = tuple(o for o in reading.objects
                    if o not in rules.contents and o not in rules.accessories)
    if handled and not reading.implicit_object and not head.verb.dips:
        ctx.last_object = handled
        ctx.last_cup = tuple(o for o in handled if o in rules.cups) or ctx.last_cup
    if recipients:
        ctx.last_group = tuple(recipients)
    _update_doers(ctx, head, reading, rules)
    _update_command(ctx, head, reading)
    _update_request(ctx, head, reading, end)
    _update_speaker(ctx, head, reading)


def _update_doers(ctx: Context, head: Head, reading: Reading, rules: Rules) -> None:
    """The last who did each verb, and who is down below (came down, not gone up since)."""
    agents = reading.agents
    if not agents or reading.negated:
        return
    ctx.doers[head.verb.lemma] = tuple(agents)
    if head.lemma in rules.descents:
        ctx.below = ctx.below | set(agents)
    elif head.lemma in rules.ascents:
        ctx.below = ctx.below - set(agents)


def _update_speaker(ctx: Context, head: Head, reading: Reading) -> None:
    """Who just spoke: the agent of a 曰 or a reply; kept while he goes on (his words that do
    what they say), over at anyone else's act."""
    if head.verb.speech or head.verb.replies:
        ctx.speaker, ctx.spoken_to = tuple(reading.agents), tuple(reading.recipients)
    elif tuple(reading.agents) != ctx.speaker:
        ctx.speaker, ctx.spoken_to = (), ()


def _update_command(ctx: Context, head: Head, reading: Reading) -> None:
    """The series of orders (commander, the one ordered, the order) a pivot verb starts; over
    once someone else is named acting."""
    agents, recipients = reading.agents, reading.recipients
    if head.verb.pivot and agents and recipients and not reading.negated:
        ctx.command = (tuple(agents), tuple(recipients), head.lemma)
    elif reading.stated and tuple(agents) not in ctx.command[:2]:
        ctx.command = ((), (), "")


def _update_subject(ctx: Context, head: Head, reading: Reading, text: str,
                    rules: Rules) -> None:
    """Who goes on acting after this act."""
    agents = reading.agents
    if reading.on_behalf:  # 下拜小臣辞升成拜: the one the intermediary addressed goes on
        ctx.subject = tuple(reading.recipients)
    elif reading.favoured:  # 王劳之再拜稽首: the bow is the thanks of the one favoured
        ctx.add_actor(tuple(agents))
        ctx.subject = reading.favoured
    elif head.verb.aside and reading.stated and ctx.subject and tuple(agents) != ctx.subject:
        return  # 奠者由重南东丈夫踊…入: the mourners' response, the 奠者 go on
    elif reading.negated and head.inherited and ctx.subject:
        ctx.add_actor(tuple(agents))
        return  # 拜尸不顧拜侑: the one bowed to does not respond; the bower goes on
    elif agents and not reading.by_office:  # an officer known only from the act: no subject
        ctx.subject = tuple(agents)
        ctx.add_actor(ctx.subject)
        if any(t.kind is Kind.JOINT and text[t.start:t.end] in rules.leading for t in head.pre):
            ctx.subject = tuple(agents[:1])  # 主人带领大夫走上去，拜谢到来: the leader goes on


def _update_gift(ctx: Context, head: Head, reading: Reading) -> None:
    """The last gift (giver, receiver): a 拜送 or a cup handed to someone; over once the giver
    is named acting again."""
    agents, recipients = reading.agents, reading.recipients
    gives = head.lemma == "拜送" or (head.verb.carry == "cup" and head.verb.recipient)
    if recipients and agents and gives:
        ctx.gift = (tuple(agents), tuple(recipients))
    elif reading.stated and tuple(agents) == ctx.gift[0]:  # the giver named again acts himself
        ctx.gift = ((), ())


def _update_answer(ctx: Context, head: Head, reading: Reading) -> None:
    """The last answering bow (answerer, bower); over once anyone else is named acting."""
    agents, recipients = reading.agents, reading.recipients
    if head.verb.answers and agents and recipients and not reading.negated:
        ctx.answered = (tuple(agents), tuple(recipients))
    elif reading.stated or tuple(agents) == ctx.answered[1] or (
            head.all_go_on() and tuple(agents) == ctx.answered[0]):
        ctx.answered = ((), ())  # the bower acts again, or 皆 says the answerers go on


def _update_request(ctx: Context, head: Head, reading: Reading, end: int) -> None:
    """The request just made (asker, asked, where what is asked ends); over at the next act."""
    if head.verb.asks and reading.agents and reading.recipients and not reading.negated:
        ctx.request = (tuple(reading.agents), tuple(reading.recipients), end)
    else:
        ctx.request = ((), (), -1)
