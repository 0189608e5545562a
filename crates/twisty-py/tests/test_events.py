"""twisty.scramble(event=...): the WCA events' scrambles from the engine, as the command line
gives them."""

import pytest

import twisty

EVENTS = [
    "222", "333", "333oh", "333ft", "333bf", "333mbf", "333fm", "444", "444bf", "555", "555bf",
    "666", "777", "pyram", "skewb", "minx", "sq1", "clock",
]

#: The puzzle each event's scramble is read on (``twisty.solve``'s names).
PUZZLE = {
    "222": "2x2", "333": "3x3", "333oh": "3x3", "333ft": "3x3", "333bf": "3x3", "333mbf": "3x3",
    "333fm": "3x3", "444": "4x4", "444bf": "4x4", "555": "5x5", "555bf": "5x5", "666": "6x6",
    "777": "7x7", "pyram": "pyraminx", "skewb": "skewb", "minx": "megaminx", "sq1": "sq1",
    "clock": "clock",
}


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_scrambles_reproducibly_from_a_seed(event, tables):
    a = twisty.scramble(event=event, seed=61, tables_dir=tables)
    assert isinstance(a, str) and a.split()
    assert a == twisty.scramble(event=event, seed=61, tables_dir=tables)
    assert a != twisty.scramble(event=event, seed=62, tables_dir=tables)
    # The scramble is moves of the event's puzzle: its inverse, given to the solver as moves,
    # is read without error (the engine checks every answer against the input).
    if PUZZLE[event] in ("2x2", "3x3", "pyraminx", "skewb", "sq1", "clock"):
        assert twisty.solve(a, puzzle=PUZZLE[event], tables_dir=tables).length > 0


def test_event_scrambles_have_the_events_form(tables):
    fm = twisty.scramble(event="333fm", seed=1, tables_dir=tables)
    assert fm.startswith("R' U' F ") and fm.endswith(" R' U' F")
    minx = twisty.scramble(event="minx", seed=1).split("\n")
    assert len(minx) == 7 and all(line.split()[-1] in ("U", "U'") for line in minx)
    skewb = twisty.scramble(event="skewb", seed=1, tables_dir=tables).split()
    assert len(skewb) == 11
    pyram = twisty.scramble(event="pyram", seed=1, tables_dir=tables).split()
    assert len([m for m in pyram if m[0].isupper()]) == 11
    assert len(twisty.scramble(event="555", seed=1).split()) == 60
    assert len(twisty.scramble(event="777", seed=1).split()) == 100
    clock = twisty.scramble(event="clock", seed=1).split()
    assert len(clock) == 15 and clock[9] == "y2" and clock[0].startswith("UR")
    # TNoodle's form: turns `(a,b)` and slices `/`, at least 11 of them in all.
    sq1 = twisty.scramble(event="sq1", seed=1, tables_dir=tables).split()
    assert len(sq1) >= 11 and "/" in sq1 and all(t == "/" or t.startswith("(") for t in sq1)


def test_count_gives_a_list_drawn_in_order_from_the_seed(tables):
    three = twisty.scramble(event="222", seed=7, count=3, tables_dir=tables)
    assert isinstance(three, list) and len(three) == 3 and len(set(three)) == 3
    assert three[0] == twisty.scramble(event="222", seed=7, tables_dir=tables)
    assert three[:2] == twisty.scramble(event="222", seed=7, count=2, tables_dir=tables)
    assert twisty.scramble(event="222", seed=7, count=1, tables_dir=tables) == three[:1]
    # Puzzle scrambles take a count too.
    moves = twisty.scramble("3x3", random_state=False, length=5, seed=3, count=4)
    assert len(moves) == 4 and all(len(m.split()) == 5 for m in moves)
    assert moves[0] == twisty.scramble("3x3", random_state=False, length=5, seed=3)
    for bad in (0, -1):
        with pytest.raises((ValueError, OverflowError)):
            twisty.scramble(event="222", count=bad)


def test_an_unknown_event_is_a_usage_error_naming_it():
    with pytest.raises(twisty.UsageError, match="unknown event `444oh`.*333bf") as e:
        twisty.scramble(event="444oh")
    assert isinstance(e.value, ValueError) and e.value.kind == "usage"


def test_an_event_fixes_puzzle_form_and_notation():
    for kwargs in ({"puzzle": "3x3"}, {"random_state": False}, {"length": 5},
                   {"notation": "seed"}):
        with pytest.raises(ValueError, match="does not apply to an event"):
            twisty.scramble(event="333", **kwargs)
    # An event id given as the puzzle says where it belongs.
    with pytest.raises(twisty.UsageError, match=r'scramble\(event="333bf"\)'):
        twisty.scramble("333bf")
