"""What the extractor carries from clause to clause (:class:`Context`), and one act's head."""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Kind, Token, Verb

#: How many distinct recent actors the context keeps for "the last other actor" and "the last
#: two principals" (in the 17 chapters a file has at most 48 and a lookup reaches the 6th).
RECENT_ACTORS = 64


@dataclass
class Head:
    """A verb (possibly folded or merged) heading one act; token indices into the sentence."""

    first: int
    last: int
    lemma: str
    verb: Verb
    pre: list[Token] = field(default_factory=list)
    post: list[Token] = field(default_factory=list)
    inherited: tuple[str, ...] = ()  # agent handed on by a pivot or addressee before it
    #: the one bowed to who answers next (主人再拜賔答拜): his role is in the answer's span
    lent: Token | None = None
    borrowed: Token | None = None

    def all_go_on(self) -> bool:
        """Whether 皆 stands before the head with no role: the plural subject carried over
        goes on (少牢 餕者…皆答拜皆祭酒卒爵)."""
        return any(t.kind is Kind.ALL for t in self.pre) and not any(
            t.kind is Kind.ROLE for t in self.pre)


@dataclass
class Context:
    """What carries over from clause to clause within a file."""

    subject: tuple[str, ...] = ()
    last_object: tuple[str, ...] = ()
    last_cup: tuple[str, ...] = ()
    last_group: tuple[str, ...] = ()  # last addressee (for 一人 = its chief)
    doers: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lemma → its last agents
    performer: str | None = None  # the role an act of the sentence names (一人 … 举觯: 举觯者)
    section: int | None = None
    #: The recent distinct actors, the latest last (an ordered set, at most RECENT_ACTORS):
    #: the scans below only ever need each actor's latest turn, so older repeats are dropped
    #: and the lookups stay bounded however long the file is.
    actors: dict[tuple[str, ...], None] = field(default_factory=dict)
    turns: int = 0  # how many times the acting party has changed so far in the file
    last_bower: tuple[str, ...] = ()  # who bowed last (答拜 answers him)
    bow_at: int = 0  # turns right after that bow: how many actors have come since
    gift: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # (giver, receiver) of the last cup
    #: (answerer, bower) of the last answering bow (賔答拜): the bower drinks next, not the answerer
    answered: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: (commander, commanded, lemma) of the last pivot (命弟子 …): a pivot verb with no
    #: subject while the commanded one goes on is the commander's next order (…释之，命获者)
    command: tuple[tuple[str, ...], tuple[str, ...], str] = ((), (), "")  # and the verb
    #: (asker, asked, end) of a request just made (有司请祖期): a subjectless 曰 written after
    #: what is asked (past ``end``) is the reply of the one asked (曰日侧: the host's)
    request: tuple[tuple[str, ...], tuple[str, ...], int] = ((), (), -1)
    #: who just spoke (曰, 对: the act before, or his words that do what they say since): a
    #: reply with no one named answers him (擯者對曰…賔對曰: to the 摈者)
    speaker: tuple[str, ...] = ()
    spoken_to: tuple[str, ...] = ()  # whom he spoke to: his words that do what they say go to him
    #: who came down (降) and has not gone up since: a 辞 to him declines it, and he goes on
    below: frozenset[str] = frozenset()

    def other_actor(self, agents: list[str], skip: frozenset[str] = frozenset()) -> list[str]:
        """The last actor other than ``agents``, passing over ``skip`` roles while another
        actor is left (a 小臣 declining for the lord is not the one bowed to)."""
        agents_ = set(agents)
        first: tuple[str, ...] | None = None
        for actor in reversed(self.actors):
            if agents_.intersection(actor):
                continue
            if not skip.issuperset(actor):
                return list(actor)
            if first is None:
                first = actor
        return list(first) if first is not None else []

    def principal_pair(self) -> list[str]:
        """The last two principals to act, for a mutual greeting (三揖, 三让)."""
        pair: list[str] = []
        for actor in reversed(self.actors):
            for label in actor:
                if label in self.principals and label not in pair:
                    pair.append(label)
            if len(pair) >= 2:
                return pair[:2]
        return pair

    principals: frozenset[str] = frozenset()

    def add_actor(self, actor: tuple[str, ...]) -> None:
        """Record that ``actor`` acts now (a repeat of the current actor is no new turn)."""
        if self.actors and next(reversed(self.actors)) == actor:
            return
        self.actors.pop(actor, None)
        self.actors[actor] = None
        self.turns += 1
        if len(self.actors) > RECENT_ACTORS:
            del self.actors[next(iter(self.actors))]
