from sim.core.memo import keep


def test_keep_stores_and_returns_the_answer():
    kept = {}
    assert keep(kept, "a", 1, limit=3) == 1 and kept == {"a": 1}


def test_keep_drops_every_answer_once_the_bound_is_reached():
    kept = {}
    for i in range(3):
        keep(kept, i, i * i, limit=3)
    assert len(kept) == 3
    keep(kept, "next", 9, limit=3)             # full: all dropped, then the new one kept
    assert kept == {"next": 9}
