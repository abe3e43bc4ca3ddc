from sim.core.dice import Dice


def test_same_seed_same_rolls():
    a, b = Dice(7), Dice(7)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


def test_every_face_appears_and_no_other():
    d = Dice(1)
    faces = {d.d6() for _ in range(600)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_forced_rolls_come_first_then_generator_resumes():
    d, ref = Dice(3), Dice(3)
    d.force(6, 6, 1)
    assert d.two_d6() == (6, 6)
    assert d.d6() == 1
    assert d.d6() == ref.d6()


def test_forced_roll_outside_die_is_refused():
    d = Dice(3)
    d.force(7)
    try:
        d.d6()
    except ValueError as exc:
        assert "d6" in str(exc)
    else:
        raise AssertionError("a forced 7 on a d6 must be refused")


def test_state_round_trips_mid_sequence():
    d = Dice(11)
    for _ in range(5):
        d.d6()
    copy = Dice.from_dict(d.to_dict())
    assert [copy.d6() for _ in range(20)] == [d.d6() for _ in range(20)]


def test_listener_sees_every_roll():
    seen = []
    d = Dice(5, listener=lambda p, f, r, s: seen.append((p, f, r)))
    d.force(2, 5)
    d.two_d6("initiative", "3")
    assert seen == [("initiative", (2, 5), "3")]


def test_shuffle_is_a_permutation_and_seeded():
    a, b = list(range(20)), list(range(20))
    Dice(9).shuffle(a)
    Dice(9).shuffle(b)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))
