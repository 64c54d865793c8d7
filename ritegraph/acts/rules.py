"""The extractor's data (``ingest/acts/*.toml``) and the tokenizer built from it.

A clause is read as a sequence of tokens found by longest match over every surface of the data
(roles, verbs, objects, places, facings and function words); characters no surface covers are
simply skipped, so the tokenizer never changes or loses offsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    ROLE = "role"
    VERB = "verb"
    OBJECT = "object"
    PLACE = "place"
    FACING = "facing"
    NEGATION = "negation"
    PROHIBITION = "prohibition"  # 毋: a negation that forbids (命毋哭)
    LOCATIVE = "locative"
    ROUTE = "route"
    JOINT = "joint"
    ALL = "all"
    PRONOUN = "pronoun"
    PERSON = "person"
    DISPOSAL = "disposal"
    ADVERB = "adverb"
    HAND = "hand"  # 左/右 before a verb: the hand that does it (左执爵右祭脯醢)
    OPAQUE = "opaque"
    CHIEF = "chief"
    POSSESSIVE = "possessive"
    ADDRESSEE = "addressee"
    COMPARISON = "comparison"
    BOUNDARY = "boundary"
    INSTRUMENT = "instrument"
    RELATIVE = "relative"
    NOMINALIZER = "nominalizer"
    CLAUSE_END = "clause_end"
    CLOSING = "closing"


#: When two kinds claim one surface, the earlier kind wins.
_PRIORITY = [Kind.OPAQUE, Kind.ROLE, Kind.CHIEF, Kind.VERB, Kind.FACING, Kind.PLACE, Kind.OBJECT,
             Kind.CLOSING, Kind.NEGATION, Kind.PROHIBITION, Kind.LOCATIVE, Kind.ROUTE, Kind.JOINT,
             Kind.ALL, Kind.PRONOUN,
             Kind.PERSON, Kind.DISPOSAL, Kind.POSSESSIVE, Kind.ADDRESSEE, Kind.COMPARISON,
             Kind.BOUNDARY, Kind.INSTRUMENT, Kind.RELATIVE, Kind.NOMINALIZER, Kind.ADVERB,
             Kind.HAND]

#: Kinds that name something (a verb read whole never yields to one of them).
_CONTENT = {Kind.ROLE, Kind.VERB, Kind.OBJECT, Kind.PLACE, Kind.FACING, Kind.OPAQUE, Kind.CHIEF}

FUNCTION_KINDS = {"negation": Kind.NEGATION, "prohibition": Kind.PROHIBITION,
                  "locative": Kind.LOCATIVE, "route": Kind.ROUTE,
                   "joint": Kind.JOINT, "all": Kind.ALL, "pronoun": Kind.PRONOUN,
                   "person": Kind.PERSON, "disposal": Kind.DISPOSAL, "adverb": Kind.ADVERB,
                   "hand": Kind.HAND,
                   "opaque": Kind.OPAQUE, "chief": Kind.CHIEF, "possessive": Kind.POSSESSIVE,
                   "boundary": Kind.BOUNDARY, "addressee": Kind.ADDRESSEE,
                   "comparison": Kind.COMPARISON, "copula": Kind.COMPARISON,
                   "instrument": Kind.INSTRUMENT,
                   "relative": Kind.RELATIVE, "nominalizer": Kind.NOMINALIZER,
                   "closing": Kind.CLOSING}

#: The label of an adverb saying its act waits for another's (grammar ``[sequel]``: 然后).
SEQUEL = "sequel"
LINK = "link"  # an adverb joining two acts of one subject (答君而俟)
STEP = "step"  # an adverb opening the next step (坐如初乃冠): no preverb folds across it
AGAIN = "again"  # 又: a subjectless act done again is by the one who did it last (又請)


@dataclass(frozen=True)
class Verb:
    """How one verb lemma behaves (see ``ingest/acts/verbs.toml``)."""

    lemma: str
    recipient: bool = False
    pivot: bool = False
    carry: bool | str = False  # True, or "cup": carry only the cup last handled
    object: str | None = None
    place: str | None = None
    furnish: bool = False
    bow: bool = False
    addressed: bool = False  # directed to a person: with none stated, the last other actor
    fold: bool = False
    speech: bool = False
    officer: str | None = None  # the officer whose act it is when a principal's subject carries
    officers_only: bool = False  # the officer's too when the one carried is not in its sentence
    drinker: bool = False  # a drinking act: carried from a giver, it is the receiver's
    mutual: bool = False  # a greeting between two principals (三揖, 三让)
    into: bool = False  # a thing after 于 is what is filled (实于觯)
    offer: bool = False  # 献: its cup goes by the receiver (objects.cup_by_recipient)
    performer: str | None = None  # the role the act names (举 → 举觯者): a chief (一人) doing it
    content: bool = False  # a verb right after it is what is asked/ordered/awaited (请彻俎)
    by_object: tuple[tuple[str, str], ...] = ()
    puts: bool = False  # sets its object down: its places are where the thing goes (奠于荐西)
    favour: bool = False  # a favour to a person (劳之, 赐之): the one favoured acts next
    negated_only: bool = False  # an act only when not done (不言); else a topic (与君言)
    handles: bool = False  # the role right after it is the person handled (冯尸): its object
    answers: bool = False  # answers a bow (答拜): the one who bowed first drinks next
    aside: bool = False  # a mourners' response (丈夫踊): others' acts go on around it
    asks: bool = False  # a request (请): a subjectless 曰 after what is asked is the reply
    replies: bool = False  # a reply (对): a role solid between it and a verb is that verb's subject
    reports_back: bool = False  # 反命 (grammar [report_back]): the messenger's, after his errand
    thanked: bool = False  # 致命: the one addressed, solid before a bow, bows his thanks
    dips: bool = False  # 擩: its object is dipped into, not taken in hand
    no_carry: bool = False  # 兴: nothing carried, not even what is in hand after 以
    gives: bool = False  # 授: a `receives` right after it is the one handed's, else the giver's
    receives: bool = False  # 受: right after a `gives` act, done by the one handed the thing

    def lemma_for(self, objects: list[str]) -> str:
        for obj, lemma in self.by_object:
            if obj in objects:
                return lemma
        return self.lemma


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    kind: Kind
    labels: tuple[str, ...] = ()  # role/object/place labels, or the facing direction
    verb: Verb | None = None


@dataclass
class Rules:
    """Everything the extractor reads from ``ingest/acts``, for one register."""

    modern: bool
    surfaces: dict[str, tuple[Kind, tuple[str, ...], Verb | None]] = field(default_factory=dict)
    max_len: int = 1
    merges: dict[tuple[str, str], str] = field(default_factory=dict)
    merge_across: frozenset[Kind] = frozenset()  # what may stand between two verbs that merge
    destination_closes: bool = False  # a 于-place between them closes the first (送于门外再拜)
    verbs: dict[str, Verb] = field(default_factory=dict)
    cups: frozenset[str] = frozenset()
    contents: frozenset[str] = frozenset()
    also_places: frozenset[str] = frozenset()
    set_down: dict[str, str] = field(default_factory=dict)  # 奠 → 觯: the cup set down (取奠)
    taken_by: frozenset[str] = frozenset()  # the verbs that take it up again (取, 举)
    dress: frozenset[str] = frozenset()  # 如V服: the dress of an occasion, no act (如宿服)
    default_cup: str = ""
    nouns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # verb surfaces also objects
    acting_as: dict[str, Verb] = field(default_factory=dict)  # office word → acting in it (摈)
    adverb_verbs: dict[str, Verb] = field(default_factory=dict)  # 反 before a thing: giving back
    position_words: frozenset[str] = frozenset()  # 在: X在Y, a position (立) if X is a person
    owned_verbs: frozenset[str] = frozenset()  # 命: 以君命, the lord's command (a noun)
    placeholders: frozenset[str] = frozenset()  # 某: 某君 is a name in the words said
    verb_roles: dict[str, str] = field(default_factory=dict)  # 三献 → 上宾 where a role stands
    assisting: frozenset[str] = frozenset()  # 赞 in 膳宰赞授肺: the role assists, an aside
    fronted_bows: frozenset[str] = frozenset()  # 大夫特拜: the role before it is bowed to
    bearers: dict[str, str] = field(default_factory=dict)  # 烛 → 执烛者 (烛入: the bearer)
    bearer_moves: frozenset[str] = frozenset()  # 奠升, 奠從: the offering's bearers go
    #: surfaces of a verb's lexicon action read as a thing (筵): the verb where one is done
    verbal_things: dict[str, Verb] = field(default_factory=dict)
    manner: dict[str, frozenset[str]] = field(default_factory=dict)  # 立 before 饮: manner only
    carrying: dict[str, frozenset[str]] = field(default_factory=dict)  # 执 X 降: what is carried
    intermediaries: frozenset[str] = frozenset()
    to_bower: frozenset[str] = frozenset()  # an intermediary's acts addressed to the last bower
    descents: frozenset[str] = frozenset()  # coming down: a to_bower act to him declines it
    ascents: frozenset[str] = frozenset()  # going up again: that descent is over
    bow_answers: frozenset[str] = frozenset()  # 拜X then one of these: X's act (拜祝受尸爵)
    replies: frozenset[str] = frozenset()  # a one-word reply after 曰 (曰诺): all that is said
    said: frozenset[str] = frozenset()  # words said that do what they say (请): the speaker's act
    dared: frozenset[str] = frozenset()  # the same only right after ``dare`` (敢辞, 不敢辞)
    dare: str = ""
    said_closing: frozenset[str] = frozenset()  # a closing formula's verb that is done (敢不从)
    goals: frozenset[str] = frozenset()  # locatives that alone with a place are a going (到)
    leading: frozenset[str] = frozenset()  # joints where the first leads (带领): he goes on
    never_led: frozenset[str] = frozenset()  # the lord: 以君命 is his command, not a leading
    existential: frozenset[str] = frozenset()  # 有X则V: X is a condition, not the subject
    enumeration: frozenset[str] = frozenset()  # marks listing roles (、): a joint between them
    principals: frozenset[str] = frozenset()
    lords: frozenset[str] = frozenset()  # whose unnamed counterpart (赐之) is the retainer
    retainer: str = ""
    cup_by_recipient: dict[str, str] = field(default_factory=dict)
    accessories: frozenset[str] = frozenset()
    fold_across_clause_end: bool = False  # 坐，奠爵: a preverb reaches across a comma
    hands: frozenset[str] = frozenset()  # grammar [hand]: 左, 右 (自公左: the way beside him)
    passes: tuple[str, ...] = ()  # token passes in order (acts/passes.py PASSES)
    sentence_end: str = "。；！？\n"
    clause_end: str = "，、："
    quote_open: str = "“‘"
    quote_close: str = "”’"

    def add(self, surface: str, kind: Kind, labels: tuple[str, ...] = (),
            verb: Verb | None = None) -> None:
        old = self.surfaces.get(surface)
        if old is None or _PRIORITY.index(kind) < _PRIORITY.index(old[0]):
            self.surfaces[surface] = (kind, labels, verb)
            self.max_len = max(self.max_len, len(surface))

    def tokens(self, text: str, start: int, end: int) -> list[Token]:
        """Longest-match tokens of ``text[start:end]``, with clause ends as tokens; a hand (左, 右)
        only written solid before a verb (左执爵; not 尸左席上, 右三实一贝)."""
        out: list[Token] = []
        i = start
        while i < end:
            char = text[i]
            if char in self.clause_end:
                out.append(Token(i, i + 1, Kind.CLAUSE_END))
                i += 1
                continue
            length = self._match_length(text, i, end)
            if length:
                kind, labels, verb = self.surfaces[text[i:i + length]]
                out.append(Token(i, i + length, kind, labels, verb))
                i += length
            else:
                i += 1
        return [t for k, t in enumerate(out) if t.kind is not Kind.HAND or (
            k + 1 < len(out) and out[k + 1].kind is Kind.VERB and out[k + 1].start == t.end)]

    def _longest(self, text: str, i: int, end: int) -> int:
        for length in range(min(self.max_len, end - i), 0, -1):
            if text[i:i + length] in self.surfaces:
                return length
        return 0

    def _facing_at(self, text: str, i: int, end: int) -> bool:
        """Whether a facing starts at ``i`` in the classic (西楹西|北面: the place read whole
        leaves one; the translation's 西阶|上面向北 is read as before)."""
        if self.modern:
            return False
        length = self._longest(text, i, end)
        return bool(length) and self.surfaces[text[i:i + length]][0] is Kind.FACING

    def _match_length(self, text: str, i: int, end: int) -> int:
        """The longest match at ``i``, unless a shorter one lets a verb that overlaps its end
        be read whole (西阶下堂: 西阶 + 下堂, not 西阶下 + 堂), or a verb and then a facing
        (洗南面: 洗 + 南面, not the place 洗南 + 面, but 西楹西 + 北面, not 西楹 + 西北面: the whole
        place leaves a facing too); a verb yields so only to a function word
        (以下拜: 以 + 下拜, not 以下 + 拜)."""
        longest = self._longest(text, i, end)
        if not longest:
            return longest
        is_verb = self.surfaces[text[i:i + longest]][0] is Kind.VERB
        for length in range(longest - 1, 0, -1):
            if text[i:i + length] not in self.surfaces or (
                    is_verb and self.surfaces[text[i:i + length]][0] in _CONTENT):
                continue
            after = self._longest(text, i + length, end)
            if not after or i + length + after <= i + longest:
                continue
            after_kind = self.surfaces[text[i + length:i + length + after]][0]
            if after_kind is Kind.VERB or (
                    after_kind is Kind.FACING and not self._facing_at(text, i + longest, end)
                    and self.surfaces[text[i:i + length]][0] in (Kind.VERB, Kind.PLACE)):
                return length
        return longest
