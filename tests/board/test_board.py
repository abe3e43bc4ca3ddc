"""Generic board engine: map loading and validation, graph queries, card piles, blocks, views."""
import copy

import pytest

from sim.board import Block, CardPile, block_face, counts_by_location, events_for, load_map
from sim.board.blocks import assign_ids
from sim.board.hidden import PrivateEvent
from sim.board.mapgraph import check_names, segment
from sim.core.dice import Dice
from sim.core.errors import ScenarioError
from sim.core.scenario import read_toml

MAP = {
    "location": [{"name": n, "x": x, "y": 0.5} for n, x in
                 (("A", 0.1), ("B", 0.3), ("C", 0.5), ("D", 0.7), ("E", 0.9))],
    "road": [{"a": "A", "b": "B", "kind": "highway"}, {"a": "B", "b": "C", "kind": "highway"},
             {"a": "C", "b": "D", "kind": "road"}, {"a": "B", "b": "D", "kind": "road"},
             {"a": "D", "b": "E", "kind": "sea"}],
    "box": [{"name": "Pool"}],
}


def bad(mutate):
    data = copy.deepcopy(MAP)
    mutate(data)
    with pytest.raises(ScenarioError) as e:
        load_map(data, "test.toml")
    assert e.value.file == "test.toml"
    return e.value


def test_loads_typed_graph_and_boxes():
    m = load_map(MAP, "t")
    assert m.kind("A", "B") == "highway" and m.kind("D", "E") == "sea" and m.kind("A", "C") is None
    assert sorted(m.neighbours("B")) == ["A", "C", "D"]
    assert m.neighbours("B", kinds=["road"]) == ["D"]
    assert "Pool" in m.boxes


def test_unknown_location_in_connection_names_the_key():
    e = bad(lambda d: d["road"].append({"a": "A", "b": "Z", "kind": "road"}))
    assert e.key == "road[5].b" and "Z" in str(e)


def test_unknown_edge_kind_is_refused():
    e = bad(lambda d: d["road"].__setitem__(0, {"a": "A", "b": "B", "kind": "river"}))
    assert e.key == "road[0].kind"


def test_disconnected_map_is_refused():
    e = bad(lambda d: d.__setitem__("road", d["road"][:3]))
    assert "not connected" in str(e) and "E" in str(e)


def test_duplicate_location_and_bad_coordinates():
    assert bad(lambda d: d["location"].append({"name": "A", "x": 0.2, "y": 0.2})).key == "location[5].name"
    assert bad(lambda d: d["location"][1].__setitem__("x", 3.0)).key == "location[1].x"


def test_check_names_refuses_unknown_setup_locations():
    m = load_map(MAP, "t")
    check_names(["A", "Pool"], m, "s.toml", "setup")
    with pytest.raises(ScenarioError) as e:
        check_names(["Q"], m, "s.toml", "setup.units")
    assert e.value.key == "setup.units"


def test_paths_reach_and_must_stop():
    m = load_map(MAP, "t")
    assert m.reach("A", 1) == {"B"}
    assert m.reach("A", 2) == {"B", "C", "D"}
    # an enemy at B stops every path there
    assert m.reach("A", 3, must_stop=lambda n: n == "B") == {"B"}
    assert ("A", "B", "C") in m.paths("A", 2, kinds=["highway"])
    assert all(m.kind(p[-2], p[-1]) == "highway" for p in m.paths("A", 3, kinds=["highway"]))


def test_supply_path_and_cut_off():
    m = load_map(MAP, "t")
    assert m.connected_path("A", ["E"]) == ["A", "B", "D", "E"]
    assert m.connected_path("A", ["E"], passable=lambda n: n not in ("D",)) is None
    assert m.connected_path("A", ["E"], kinds=["highway", "road"]) is None   # E only by sea


def test_retreat_options_respect_forbidden_and_only_segments():
    m = load_map(MAP, "t")
    assert sorted(m.retreat_options("B", can_enter=lambda n: True)) == ["A", "C", "D"]
    assert sorted(m.retreat_options("B", can_enter=lambda n: True, forbidden=[segment("A", "B")])) == ["C", "D"]
    assert m.retreat_options("B", can_enter=lambda n: True, only=[segment("B", "C")]) == ["C"]
    assert m.retreat_options("B", can_enter=lambda n: n != "C", only=[segment("B", "C")]) == []


def test_real_sekigahara_map_loads():
    m = load_map(read_toml("sim/sekigahara/data/map.toml"), "map.toml")
    assert len(m.locations) == 51 and m.graph.number_of_edges() == 62
    assert sum(1 for *_, k in m.edges() if k == "highway") == 19


def test_card_pile_draws_and_reshuffles_discards_with_dice():
    d = Dice(3)
    p = CardPile(deck=["a", "b"], discard=["c", "d", "e"])
    assert p.draw(2, d) == ["b", "a"]
    got = p.draw(4, d)                 # deck empty: discards shuffled in, only 3 exist
    assert sorted(got) == ["c", "d", "e"] and p.discard == [] and p.deck == []
    assert p.draw(1, d) == []
    p.play("c")
    assert p.discard == ["c"] and "c" not in p.hand


def test_card_pile_reshuffle_is_seeded():
    a = CardPile(discard=list("abcdefgh"))
    b = CardPile(discard=list("abcdefgh"))
    a.draw(8, Dice(11))
    b.draw(8, Dice(11))
    assert a.hand == b.hand


def test_block_steps_and_visibility():
    b = Block("T01", "red", "infantry_4", 4, "A", steps=2, max_steps=2)
    assert block_face(b, "blue") == {"side": "red", "hidden": True}
    assert block_face(b, "red")["face"] == "infantry_4"
    assert not b.lose_step() and b.lose_step()
    b.face_up = True
    assert block_face(b, "blue")["face"] == "infantry_4"


def test_opaque_ids_do_not_follow_the_manifest_order():
    faces = [("x", f"f{i}") for i in range(20)]
    ids = assign_ids(Dice(4), faces, {"x": "X"})
    assert sorted(ids) == [f"X{i:02d}" for i in range(1, 21)]
    assert ids != sorted(ids)


def test_counts_by_location():
    blocks = [Block("1", "a", "f", 1, "A"), Block("2", "a", "f", 1, "A"), Block("3", "b", "f", 1, "A")]
    assert counts_by_location(blocks)["A"] == {"a": 2, "b": 1}


def test_events_for_redacts_private_events_of_the_other_side():
    from dataclasses import dataclass, replace

    @dataclass(frozen=True)
    class Secret(PrivateEvent):
        owner: str
        what: str

        def public(self):
            return replace(self, what="?")

    log = [Secret("a", "plan"), "public"]
    assert events_for(log, "a") == log
    assert events_for(log, "b") == [Secret("a", "?"), "public"]
    assert events_for(log, None) == log


def test_events_for_drops_secret_events_for_players_only():
    log = ["shuffle-draw", "public"]
    assert events_for(log, "a", secret=lambda e: e == "shuffle-draw") == ["public"]
    assert events_for(log, None, secret=lambda e: e == "shuffle-draw") == log


def test_stacks_view_counts_everything_and_shows_only_visible_faces():
    from sim.board import stacks_view
    blocks = [Block("1", "a", "f1", 1, "A"), Block("2", "b", "f2", 2, "A"),
              Block("3", "b", "f3", 3, "A", face_up=True), Block("4", "b", "f4", 1, "Bag")]
    v = stacks_view(blocks, "a", ("a", "b"), include=lambda loc: loc != "Bag")
    assert set(v) == {"A"} and v["A"]["a"] == 1 and v["A"]["b"] == 2
    assert [d["face"] for d in v["A"]["blocks"]] == ["f1", "f3"]
