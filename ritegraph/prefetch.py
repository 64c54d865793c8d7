"""Answers computed ahead: the query process of ``ritegraph query NAME`` runs the named query,
and the label lookups a table of its answer needs, while the parent is still importing the CLI.

The parent sends the same texts a little later and gets the stored answers at once (issue 14:
start-up within 2× a bare pyoxigraph script). The guess is made only where the text the parent
will send is the query file's own: a catalogue name with no ``--param``, ``--witness``,
``--limit`` or ``--sparql``. A wrong guess costs the child's time, never a result: answers
are matched by their exact text, and whatever fails here is asked again and reported then.
"""

from __future__ import annotations

#: Options whose next word is their value (so it is not the query's name).
_VALUED = frozenset(("--store", "--format", "--timeout", "--endpoint"))
#: Options after which the parent's text is not the query file's own.
_REWRITING = ("--param", "--witness", "--limit", "--sparql")


class Guess:
    """The named query the parent will run, and whether it will look labels up."""

    __slots__ = ("labels", "name")

    def __init__(self, name: str, labels: bool) -> None:
        self.name, self.labels = name, labels


def guess(argv: list[str]) -> Guess | None:
    """The named query of ``ritegraph … query NAME …``, unless the options rewrite its text."""
    if any(word.startswith(_REWRITING) for word in argv):
        return None
    words, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in _VALUED
        else:
            words.append(word)
    if len(words) != 2 or words[0] != "query" or words[1].endswith(".rq") or "/" in words[1]:
        return None
    plain = "--no-labels" in argv and not _table(argv)
    return Guess(words[1], labels=not plain)


def _table(argv: list[str]) -> bool:
    """Whether the output is a table (the default), which always shows labels."""
    for word, following in zip(argv, [*argv[1:], ""], strict=True):
        if word == "--format":
            return following == "table"
        if word.startswith("--format="):
            return word.partition("=")[2] == "table"
    return True


def prefetched(store, expected: Guess) -> dict[str, tuple]:
    """Answers by query text (:func:`ritegraph.localrun.answer`'s tuples): the named query's,
    then its label lookups. Empty where the name is no query file or anything fails."""
    from .localrun import answer
    from .resources import data_dir

    found: dict[str, tuple] = {}
    try:
        text = (data_dir("queries") / f"{expected.name}.rq").read_text(encoding="utf-8")
        found[text] = answer(store, text)
        if expected.labels:
            from .results import Result, labelled_iris, labels

            result = Result(*found[text])
            if result.boolean is None and not result.triples:
                labels(_Recording(store, found), labelled_iris(result))
    except Exception:  # the parent asks again and reports what is wrong
        pass
    return found


class _Recording:
    """A target that answers on ``store`` and keeps each answer by its text."""

    def __init__(self, store, found: dict[str, tuple]) -> None:
        self.store, self.found = store, found

    def select(self, text: str):
        from .localrun import answer
        from .results import Result

        self.found[text] = answer(self.store, text)
        return Result(*self.found[text])
