"""To whom an act is done when the text does not say, or says it with 之: the one bowed to or
addressed, the two of a greeting, the lord's retainer, the sender of a report back; and whether
a 辞 lets the one it declines go on. Pure readings of a head and the context, for ``resolve``."""

from __future__ import annotations

from .context import Context, Head
from .rules import Kind, Rules, Token, Verb


def is_on_behalf(head: Head, agents: list[str], recipients: list[str], tokens: list[Token],
               ctx: Context, rules: Rules) -> bool:
    """Whether a 辞 (``to_bower``) declines what the one it is addressed to just did, so that he
    goes on: the last bower's bow, declined by an intermediary or right after it, or, declined
    by the lord, the descent of one who came down and has not gone up since (聘礼
    賓降辭幣公降一等辭栗階升聽命: the 宾 goes up; 乡射 主人降洗賓降辭 stays the host's washing)."""
    if not agents or head.lemma not in rules.to_bower or not recipients:
        return False
    if recipients == list(ctx.last_bower) and (
            set(agents) <= rules.intermediaries or _right_after_bow(head, tokens)):
        return True
    return set(recipients) <= ctx.below and set(agents) <= rules.lords


def _right_after_bow(head: Head, tokens: list[Token]) -> bool:
    """Whether the verb written last before ``head`` in its sentence is a bow: a 辞 right after
    another's bow declines that bow, and the bower goes on (聘礼 大夫降階西再拜稽首賓辭升成拜: the
    大夫 goes up and completes it), as after an intermediary's 辞."""
    before = next((t for t in reversed(tokens[:head.first]) if t.kind is Kind.VERB), None)
    return before is not None and before.verb is not None and before.verb.bow


def not_to_themselves(mutual: bool, agents: list[str], recipients: list[str],
                       ctx: Context) -> list[str]:
    """Carried-over agents who would act on themselves give way to the other actor
    (士立于东方乃荐士: the 荐 is not by the 士), unless the act is mutual."""
    if not mutual and agents and recipients and set(agents) <= set(recipients):
        return ctx.other_actor(recipients) or agents
    return agents


def greeted_or_referred(head: Head, agents: list[str], objects: list[str],
                         recipients: list[str], pronoun: bool, ctx: Context, rules: Rules
                         ) -> tuple[list[str], list[str]]:
    """(recipients, objects) once a mutual greeting and a pronoun (之) are read: the two who
    greet each other, the other actor a 之 gives to, else the thing last handled."""
    verb = head.verb
    joined = verb.addressed and any(t.kind is Kind.JOINT for t in head.pre)
    if (verb.mutual or joined) and not recipients and len(agents) > 1:
        recipients = list(agents)  # the two greet each other (主人以宾揖, 主人与宾揖)
    if pronoun and verb.recipient and verb.carry is not True:
        recipients = recipients or ctx.other_actor(agents, rules.intermediaries)
    elif pronoun and not objects and ctx.last_object:
        objects = list(ctx.last_object)
    return recipients, objects


def retainer_or(recipients: list[str], pronoun: bool, head: Head, agents: list[str],
                 tokens: list[Token], rules: Rules) -> list[str]:
    """The lord's unnamed retainer for the 之 of his favour (see :func:`_to_the_retainer`),
    else ``recipients``."""
    if pronoun and not recipients[1:] and _to_the_retainer(head, agents, tokens, rules):
        return [rules.retainer]
    return recipients


def _to_the_retainer(head: Head, agents: list[str], tokens: list[Token], rules: Rules) -> bool:
    """Whether the 之 of a lord's favour is his unnamed retainer (若君賜之爵則下席…: the 臣):
    no one but the lord named before it in its sentence."""
    if not (head.verb.favour and agents and set(agents) <= rules.lords and rules.retainer):
        return False
    return not any(t.kind is Kind.ROLE and set(t.labels) - rules.lords
                   for t in tokens[:head.first])


def addressed(head: Head, agents: list[str], recipients: list[str], negated: bool,
               ctx: Context, rules: Rules) -> list[str]:
    """The recipients, with the one bowed to found for a bow or an address that names none
    (and for a person written without a name)."""
    verb = head.verb
    unnamed = "" in recipients
    needs_one = (verb.bow or verb.addressed) and not recipients and head.lemma != "拜受" \
        and not (negated and head.lemma == "拜")
    in_dialogue = _in_dialogue(verb, agents, ctx) if needs_one else []
    if in_dialogue:
        return in_dialogue
    if unnamed or needs_one:
        return [r for r in recipients if r] or _bowed_to(head, agents, ctx, rules)
    return recipients


def _in_dialogue(verb: Verb, agents: list[str], ctx: Context) -> list[str]:
    """Whom an address naming no one goes to right after a 曰 or a reply: a reply answers the
    one who just spoke (擯者對曰…賔對曰: the 摈者), and the speaker's own acts go on to the one
    he spoke to (賔對曰…敢辭: the 摈者)."""
    if not ctx.speaker:
        return []
    if verb.replies and not set(ctx.speaker) & set(agents):
        return list(ctx.speaker)
    return list(ctx.spoken_to) if tuple(agents) == ctx.speaker else []


def to_the_sender(verb: Verb, agents: list[str], recipients: list[str],
                   ctx: Context) -> list[str]:
    """A report back goes to the one who sent the messenger, not to the one he went to."""
    if verb.reports_back and recipients == list(ctx.command[1]):
        return ctx.other_actor([*agents, *recipients]) or recipients
    return recipients


def _bowed_to(head: Head, agents: list[str], ctx: Context, rules: Rules) -> list[str]:
    """Whom an act with no addressee stated is directed to: 答拜 answers the last who bowed; an
    intermediary's 辞 (摈者, 小臣 …) right after a bow (at most the lord's 命 between) declines
    it for the lord; any other act goes to the last other actor who is not an intermediary."""
    if head.lemma == "答拜" and ctx.last_bower and not set(ctx.last_bower) & set(agents):
        return list(ctx.last_bower)
    skip = rules.intermediaries
    if agents and set(agents) <= skip and head.lemma in rules.to_bower and ctx.last_bower \
            and ctx.turns - ctx.bow_at <= 1 and not set(ctx.last_bower) & set(agents):
        return list(ctx.last_bower)  # 下拜小臣辞: declines the bow on the lord's behalf
    return ctx.other_actor(agents, skip)
