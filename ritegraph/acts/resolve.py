"""One act from its head: who does it, with what, where, to whom — a pure reading of the head
and the context (the context is changed only by ``update.update_context``)."""

from __future__ import annotations

from dataclasses import dataclass

from .context import Context, Head
from .parse import solid_roles_before_all
from .recipients import (
    addressed,
    greeted_or_referred,
    is_on_behalf,
    not_to_themselves,
    retainer_or,
    to_the_sender,
)
from .rules import AGAIN, SEQUEL, Kind, Rules, Token

_PHRASE_TAIL = {Kind.PLACE, Kind.OBJECT, Kind.ROLE}


def _arguments(head: Head, own: list[Token], rules: Rules
               ) -> tuple[list[str], list[str], list[str], bool]:
    """(objects, places, recipients, pronoun seen) from the head's tokens (``own``: the verb's)."""
    return _Arguments(head, own, rules).read()


class _Arguments:
    """The objects, places and recipients of one head, read token by token: a thing after the
    verb, after 以 (carried) or right before it is an object, a thing in a place phrase
    (于/自 …) a place; a role after the verb is a recipient."""

    def __init__(self, head: Head, own: list[Token], rules: Rules) -> None:
        self.head, self.rules = head, rules
        self.objects: list[str] = []
        self.places: list[str] = []
        self.recipients: list[str] = []
        self.pronoun = False
        self.post = set(map(id, head.post + own[1:]))
        self.run = head.pre + own + head.post

    def read(self) -> tuple[list[str], list[str], list[str], bool]:
        in_phrase = after_disposal = False
        for k, token in enumerate(self.run):
            kind = token.kind
            if kind is Kind.VERB:
                in_phrase = after_disposal = False
                continue
            if kind in (Kind.LOCATIVE, Kind.ROUTE):
                in_phrase = True
                continue
            self._take(k, token, in_phrase, after_disposal)
            after_disposal = kind is Kind.DISPOSAL
            in_phrase = in_phrase and kind in _PHRASE_TAIL
        return self.objects, self.places, self.recipients, self.pronoun

    def _take(self, k: int, token: Token, in_phrase: bool, after_disposal: bool) -> None:
        kind, after = token.kind, id(token) in self.post
        if kind is Kind.PLACE:
            self.places.extend(token.labels)
        elif kind is Kind.OBJECT:
            self._object(k, token, in_phrase, after or after_disposal)
        elif (kind is Kind.ROLE and after) or kind is Kind.ADDRESSEE:
            self.recipients.extend(token.labels)
        elif kind is Kind.PRONOUN and after:
            self.pronoun = True
        elif kind is Kind.PERSON and after:
            self.recipients.append("")  # resolved by the caller

    def _by_instrument(self, k: int) -> bool:
        """Whether the thing at ``k`` stands with 以 (以爵兴, 爵以降, 维之以索)."""
        run = self.run
        return bool((k and run[k - 1].kind is Kind.INSTRUMENT) or (
            k + 1 < len(run) and run[k + 1].kind is Kind.INSTRUMENT))

    def _object(self, k: int, token: Token, in_phrase: bool, after: bool) -> None:
        head, rules = self.head, self.rules
        if in_phrase:
            self.places.extend(x for x in token.labels if x in rules.also_places)
            if head.verb.into:
                self.objects.extend(token.labels)
            return
        carried = self._by_instrument(k)
        if after and carried and self.pronoun:
            return  # 饰之以布, 维之以索: 之 is the thing acted on, the one after 以 the means
        if after or carried or (not rules.modern and head.pre and token is head.pre[-1]):
            self.objects.extend(token.labels)


def _agents(head: Head, ctx: Context, rules: Rules) -> tuple[list[str], bool]:
    """(agents, stated in the span) for one head; "one man" (一人) is the chief of the group
    last addressed, never of the lord, who is no group (公食 宰夫授公 … 先者一人升: a 士)."""
    roles = [_as_doer(t, ctx) for t in head.pre if t.kind is Kind.ROLE]
    roles = [t for t in roles if t.labels]
    if roles:
        return _written_agents(head, roles, ctx), True
    chief = any(t.kind is Kind.CHIEF for t in head.pre)
    if chief and ctx.performer:
        return [ctx.performer], True
    if chief and ctx.last_group and not set(ctx.last_group) <= rules.lords:
        return list(ctx.last_group), True
    if head.inherited:
        return list(head.inherited), False
    if _done_again(head) and ctx.doers.get(head.verb.lemma):
        return list(ctx.doers[head.verb.lemma]), False
    return list(ctx.subject), False


def _done_again(head: Head) -> bool:
    """又 written solid before the verb (grammar ``[again]``): the act is done once more."""
    return bool(head.pre) and head.pre[-1].kind is Kind.ADVERB and AGAIN in head.pre[-1].labels


def _doer_addressed(head: Head, ctx: Context) -> list[str]:
    """The one a role named by what he did (勞者: a role token carrying the verb) stands for,
    written after the verb as its addressee (聘礼 勞者出授老幣出迎勞者: the 宾 goes out to meet
    the 卿 who came to 勞, and, carried over, would not meet himself)."""
    role = next((t for t in head.post if t.kind is Kind.ROLE and not t.labels and t.verb), None)
    return list(_as_doer(role, ctx).labels) if role is not None else []


def _as_doer(role: Token, ctx: Context) -> Token:
    """A role named by what he did (媵爵者: a role token carrying the verb) as the last who did
    it; with none known it names no one."""
    if role.labels or role.verb is None:
        return role
    return Token(role.start, role.end, Kind.ROLE, ctx.doers.get(role.verb.lemma, ()))


def _written_agents(head: Head, roles: list[Token], ctx: Context) -> list[str]:
    """The agents of a head whose span names roles: the subject too when it opens with a joint
    (与宾…: the subject and the guest), every role written solid before 皆, else the last."""
    pre = [t for k, t in enumerate(head.pre)  # a joint joins only a role written after it
           if t.kind is not Kind.JOINT
           or (k + 1 < len(head.pre) and head.pre[k + 1].kind is Kind.ROLE)]
    joint = any(t.kind is Kind.JOINT for t in pre)
    agents: list[str] = []
    if joint and _opens_with_joint(pre):
        agents.extend(ctx.subject)
    elif not joint:  # 主人主婦皆不哭: roles written solid before 皆 all act
        last = max(k for k, t in enumerate(head.pre) if t.kind is Kind.ROLE)
        roles = solid_roles_before_all(head.pre, last) or roles[-1:]
    for role in roles:
        agents.extend(label for label in _as_doer(role, ctx).labels if label not in agents)
    return agents


def _opens_with_joint(pre: list[Token]) -> bool:
    """Whether the first role-or-joint token of ``pre`` is the joint."""
    first = next(t for t in pre if t.kind in (Kind.ROLE, Kind.JOINT))
    return pre.index(first) == pre.index(next(t for t in pre if t.kind is Kind.JOINT))


def _negated(pre: list[Token]) -> bool:
    """A 不/无/未 right before the verb: only preverbal words (adverbs, a facing, 以) between.

    In unpunctuated text a clause has no end mark, so a negation further back (不踊…进) is
    another verb's."""
    for token in reversed(pre):
        if token.kind in (Kind.NEGATION, Kind.PROHIBITION):
            return True
        if token.kind not in _NEGATION_REACHES:
            return False
    return False


#: What may stand between a negation and its verb (不敢拜, 不北面拜, 不以爵降).
_NEGATION_REACHES = {Kind.ADVERB, Kind.FACING, Kind.INSTRUMENT, Kind.ADDRESSEE}


def uniq(items: list[str]) -> list[str]:
    """The items without blanks and repeats, in order."""
    return [x for i, x in enumerate(items) if x and x not in items[:i]]


@dataclass
class Reading:
    """What one head says, resolved against the context (nothing in the context changed)."""

    agents: list[str]
    stated: bool  # the agent is written in the act's own span
    objects: list[str]
    places: list[str]
    recipients: list[str]
    negated: bool
    implicit_object: bool
    by_office: bool  # the agent is known only from the act (奏 → 工): no one's subject
    on_behalf: bool  # an intermediary's act for the lord (小臣辞): the one addressed goes on
    cup: tuple[str, ...] = ()  # the cup an offering with none named is made with
    favoured: tuple[str, ...] = ()  # the one a favour is written to (劳之, 赐之): he goes on


def resolve(head: Head, tokens: list[Token], ctx: Context, rules: Rules) -> Reading:
    """Who does the head's act, with what, where and to whom — read, never written, from ``ctx``."""
    verb = head.verb
    agents, stated = _agents(head, ctx, rules)
    agents = _contextual_agents(head, agents, stated, ctx, rules, tokens)
    objects, places, recipients, pronoun = _arguments(head, tokens[head.first:head.last + 1], rules)
    recipients = recipients or _doer_addressed(head, ctx)
    written = bool(pronoun or recipients)
    recipients, objects = greeted_or_referred(head, agents, objects, recipients, pronoun, ctx,
                                               rules)
    recipients = retainer_or(recipients, pronoun, head, agents, tokens, rules)
    objects, implicit_object, cup = _objects(head, objects, recipients, ctx, rules)
    if verb.place and verb.place not in places:
        places.append(verb.place)
    negated = _negated(head.pre)
    recipients = addressed(head, agents, recipients, negated, ctx, rules)
    recipients = to_the_sender(verb, agents, recipients, ctx)
    on_behalf = is_on_behalf(head, agents, recipients, tokens, ctx, rules)
    if not stated:
        agents = not_to_themselves(verb.mutual, agents, recipients, ctx)
    favoured = (tuple(recipients) if verb.favour and written and agents and not negated
                and not rules.modern else ())  # a translation names the one who thanks
    return Reading(agents, stated, objects, places, recipients, negated, implicit_object,
                   not stated and verb.officer in agents, on_behalf, cup, favoured)


def _objects(head: Head, objects: list[str], recipients: list[str], ctx: Context,
             rules: Rules) -> tuple[list[str], bool, tuple[str, ...]]:
    """(objects, implicit, cup of an offering): the lemma's own object, else the thing carried
    (the cup last handled for 洗/献, what is in hand after 以), an offering's by its receiver."""
    verb = head.verb
    objects = list(objects)
    if verb.object and verb.object not in objects and not (verb.by_object and objects):
        objects.insert(0, verb.object)
    carried = (ctx.last_cup or (rules.default_cup,)) if verb.carry == "cup" else ctx.last_object
    in_hand = (bool(head.pre) and head.pre[-1].kind is Kind.INSTRUMENT  # 以降, 以出: what he holds
               and not verb.no_carry)
    if objects or not (verb.carry or in_hand) or not carried:
        return objects, False, ()
    if verb.offer:
        cup = _offering_cup(recipients, rules)
        return list(cup), True, cup
    return list(carried), True, ()


def _offering_cup(recipients: list[str], rules: Rules) -> tuple[str, ...]:
    """The cup an offering is made with: by its receiver (the first who has one), else the
    default cup."""
    cups = [rules.cup_by_recipient[r] for r in recipients if r in rules.cup_by_recipient]
    return tuple(cups[:1] or [rules.default_cup])


def _contextual_agents(head: Head, agents: list[str], stated: bool, ctx: Context,
                       rules: Rules, tokens: list[Token]) -> list[str]:
    """Agents known from the kind of act when none is stated: an officer's act is not a
    principal's (奏 → 工), a mutual greeting is the last two principals', an order given while
    the one last ordered goes on is the commander's (orders come in series from one officer),
    and a drinking act right after a cup was given is the receiver's."""
    if stated:
        return agents
    verb = head.verb
    if verb.officer and (not agents or set(agents) <= rules.principals or (
            verb.officers_only and not _named_before(agents, head, tokens))):
        return [verb.officer]
    if verb.mutual:
        return ctx.principal_pair() or agents
    return _in_a_series(head, agents, ctx, tokens)


def _in_a_series(head: Head, agents: list[str], ctx: Context, tokens: list[Token]) -> list[str]:
    """Agents known from the act before: the reply of the one asked, the commander's next
    order, the receiver's or first bower's drinking."""
    asker, asked, end = ctx.request
    if head.verb.speech and asker and tuple(agents) == asker and tokens[head.first].start > end:
        return list(asked)  # 有司请祖期曰日侧: the host answers what he was asked
    if _next_order(head, agents, ctx) or _reports_back(head, agents, ctx):
        return list(ctx.command[0])  # 司马命弟子说侯之…而释之，命获者: orders come from the 司马
    if head.inherited or not agents:
        return agents
    if any(SEQUEL in t.labels for t in head.pre if t.kind is Kind.ADVERB):
        return ctx.other_actor(agents) or agents  # 公卒爵然後飲: the one who waited drinks
    if head.verb.drinker:
        return _drinker(agents, ctx, head.all_go_on())
    return agents


def _reports_back(head: Head, agents: list[str], ctx: Context) -> bool:
    """Whether a subjectless 反命 (grammar ``[report_back]``) is the messenger's: the one he
    gave an order to goes on (燕礼 射人命賔賔少進禮辭反命: the 射人 brings the answer back)."""
    return head.verb.reports_back and bool(ctx.command[0]) and tuple(agents) == ctx.command[1]


def _named_before(agents: list[str], head: Head, tokens: list[Token]) -> bool:
    """Whether one of ``agents`` is written before the head in its sentence (or handed on)."""
    return bool(head.inherited) or any(
        t.kind is Kind.ROLE and set(t.labels) & set(agents) for t in tokens[:head.first])


def _drinker(agents: list[str], ctx: Context, all_: bool = False) -> list[str]:
    """Who drinks when the subject carried over is ``agents``: the receiver if they just gave
    the cup, the first bower if they just answered his bow (主人坐奠爵拜…賔答拜坐祭遂饮: the
    host drinks), unless that bower gave the cup or 皆 says the answerers go on (少牢 餕者奠爵
    皆答拜皆祭酒卒爵: the eaters drink)."""
    giver, receiver = ctx.gift
    if tuple(agents) == giver:
        return list(receiver)
    answerer, bower = ctx.answered
    if tuple(agents) == answerer and bower != giver and not all_:
        return list(bower)
    return agents


def _next_order(head: Head, agents: list[str], ctx: Context) -> bool:
    """Whether a subjectless pivot act is the commander's next order: the same verb (命, 使)
    written solid before another person, while the one he last ordered goes on (司马命弟子
    说侯之左下纲而释之，命获者: the 司马 orders both). 反命于主人, 又命之 stay the speaker's."""
    commander, commanded, lemma = ctx.command
    addressee = head.post[0] if head.post else None
    return (head.verb.pivot and head.lemma == lemma and bool(commander)
            and tuple(agents) == commanded and addressee is not None
            and addressee.kind is Kind.ROLE and addressee.labels != commanded)
