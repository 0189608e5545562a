"""Puzzle objects: immutable, comparable, hashable, solvable."""

import pytest

import twisty

SOLVED3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"


def test_cube3_apply_returns_a_new_object():
    c = twisty.Cube3()
    d = c.apply("R U")
    assert c.is_solved() and not d.is_solved()
    assert c.state_string() == SOLVED3 and d.state_string() != SOLVED3
    assert d == twisty.Cube3("R U") and hash(d) == hash(twisty.Cube3("R U"))
    assert d != c and d != twisty.Cube2("R U")
    assert d.apply("U' R'").is_solved()
    assert twisty.Cube3(d.state_string()) == d
    assert {c, d, twisty.Cube3()} == {c, d}
    assert "Cube3" in repr(d) and "R U" in repr(d)


def test_commutators_and_conjugates_are_read_as_cubing_js_writes_them():
    assert twisty.Cube3("[F: [R, U]]'") == twisty.Cube3("F U R U' R' F'")
    assert twisty.Cube3("[R, U]2") != twisty.Cube3("R U R' U'")
    assert twisty.Cube3("2R U") == twisty.Cube3("M' U")
    assert twisty.Kilominx("[BR: F2']") == twisty.Kilominx("F2'")
    with pytest.raises(twisty.ParseError, match="a bracket needs"):
        twisty.Cube3("R [U F]")


def test_render_is_the_text_net():
    net = twisty.Cube3().apply("R").render()
    assert "U U F" in net.replace("  ", " ")
    assert twisty.Kilominx().render() and twisty.Supercube(3).render()


def test_random_is_reproducible():
    assert twisty.Cube3.random(3) == twisty.Cube3.random(3) != twisty.Cube3.random(4)
    assert twisty.Cube2.random(1) == twisty.Cube2.random(1)
    assert twisty.Kilominx.random(1) == twisty.Kilominx.random(1)
    assert twisty.Supercube.random(3, 1) == twisty.Supercube.random(3, 1)


@pytest.mark.parametrize(
    "obj",
    [
        twisty.Cube3("R U F"),
        twisty.Cube3.random(9),
        twisty.Cube2("R U F'"),
        twisty.Cube2.random(2),
        twisty.Kilominx("R U"),
        twisty.Supercube(2, "x0 y1"),
    ],
)
def test_solving_a_puzzle_object_gives_an_answer_that_solves_it(obj):
    kwargs = {"solver": "ga", "attempts": 2, "seed": 1} if isinstance(obj, twisty.Supercube) else {}
    s = twisty.solve(obj, timeout=60, **kwargs)
    assert obj.apply(s.text).is_solved()
    assert s.puzzle == obj.puzzle


def test_state_strings_where_the_puzzle_has_them():
    assert twisty.Kilominx().state_string() is None
    assert len(twisty.Cube2().state_string()) == 24
    assert len(twisty.Supercube(3).state_string()) == 2 * 27
    assert twisty.Supercube(3).n == 3


def test_bad_input_raises():
    with pytest.raises(twisty.ParseError):
        twisty.Cube3("R Q")
    with pytest.raises(twisty.ParseError):
        twisty.Cube3().apply("Q")
    with pytest.raises(twisty.UsageError):
        twisty.Supercube(40)


def test_big_cubes_are_objects_with_facelets_and_precise_errors():
    c = twisty.CubeN(4)
    d = c.apply("Rw U2 3Fw' x")
    assert c.is_solved() and not d.is_solved() and d.n == 4
    assert d == twisty.CubeN(4, "Rw U2 3Fw' x") and d != twisty.CubeN(5, "Rw U2 3Fw' x")
    assert d.apply("x' 3Fw U2 Rw'").is_solved()
    assert len(d.state_string()) == 6 * 16 and d.puzzle == "4x4"
    assert twisty.CubeN(4, d.state_string()).state_string() == d.state_string()
    assert twisty.CubeN(5, "M E S").render()
    assert twisty.CubeN.random(6, 1) == twisty.CubeN.random(6, 1)
    with pytest.raises(twisty.UsageError, match="4x4 to 64x64"):
        twisty.CubeN(65)
    with pytest.raises(twisty.ParseError, match="M"):
        twisty.CubeN(4, "M")
    with pytest.raises(twisty.TwistyError, match="96 stickers"):
        twisty.CubeN(4, "U" * 95)


def test_big_cube_scrambles_are_random_moves():
    s = twisty.scramble(puzzle="5x5", random_state=False, seed=1)
    assert len(s.split()) == 60
    assert twisty.scramble(puzzle="7x7x7", random_state=False, seed=1, length=10).count(" ") == 9
    # Random-state scrambles of the big cubes: the reduction answer to a uniform cube, inverted.
    sc = twisty.scramble(puzzle="4x4", seed=1)
    assert sc == twisty.scramble(puzzle="4x4", seed=1) and len(sc.split()) > 40
    assert twisty.solve(sc, puzzle="4x4").to_dict()["verified"] is True
