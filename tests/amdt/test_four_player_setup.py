"""16.2.2 players, leaders, spheres and chits; 16.2.3 deployment at Kanagasaki and the start."""
from collections import Counter

from sim.amdt.control import player_of, sphere
from tests.amdt.helpers import game, soldiers_at


def test_16_2_2_1_four_seats():
    g = game(4)
    assert g.sides() == ("hideyoshi", "katsuie", "tokugawa", "anti")


def test_16_2_2_2_each_alliance_controls_its_leaders_and_new_daimyo():
    g = game(4)
    st = g.state
    by_seat = {}
    for lid in ("hideyoshi", "sakuma", "araki", "katsuie", "takigawa", "niwa",
                "akechi", "ieyasu", "hosokawa", "tsutsui", "matsunaga"):
        by_seat.setdefault(player_of(st, st.units[lid]), set()).add(lid)
    assert by_seat == {"hideyoshi": {"hideyoshi", "sakuma", "araki"},
                       "katsuie": {"katsuie", "takigawa", "niwa"},
                       "tokugawa": {"akechi", "ieyasu", "hosokawa", "tsutsui", "matsunaga"}}
    assert st.units["hideyoshi"].rank == st.units["katsuie"].rank == "daimyo"
    assert game(2).state.units["hideyoshi"].rank == "samurai"


def test_16_2_2_3_spheres_by_province_and_kyoto_belongs_to_no_player():
    st = game(4).state
    assert sphere(st, "Gifu") == "hideyoshi"           # Mino
    assert sphere(st, "Kanagasaki") == "katsuie"       # Echizen
    assert sphere(st, "Hamamatsu") == "tokugawa"       # Totomi
    assert sphere(st, "Harima Sea") == "hideyoshi"
    assert sphere(st, "Kawachi Bay") == "katsuie"
    assert sphere(st, "Uji") == "tokugawa"             # Yamashiro except Kyoto
    assert sphere(st, "Kyoto") == "oda"
    assert sphere(st, "Wakae") == "tokugawa"           # Kawachi: ruling A-39
    assert sphere(st, "Kasugayama") == ""              # Echigo: none until captured


def test_16_2_5_3_omi_passes_to_oda_after_the_azai_fall():
    g = game(4)
    assert sphere(g.state, "Sakamoto") == "hideyoshi"
    g.state.gone_clans.append("Azai")
    assert sphere(g.state, "Sakamoto") == "oda"


def test_16_2_2_5_chits_tokugawa_in_play_end_turn_on_kyoto():
    g = game(4)
    st = g.state
    assert "tokugawa" in st.chits and "end_turn" not in st.pool and not st.end_turn_in_pool
    assert "tokugawa" not in game(2).state.chits       # 2p: enters with Takeda (ruling A-30)
    assert game(2).state.end_turn_in_pool


def test_16_2_3_kanagasaki_deployment():
    g = game(4)
    owners = Counter(u.owner for u in soldiers_at(g, "Kanagasaki"))
    assert owners == {"hideyoshi": 4, "tokugawa": 3, "oda": 3, "katsuie": 9}
    guard = soldiers_at(g, "Kanagasaki", guard=True)
    assert len(guard) == 3 and {u.owner for u in guard} == {"oda"}
    assert g.state.units["hideyoshi"].sector == g.state.units["akechi"].sector == "Kanagasaki"


def test_16_2_3_5_first_activation_is_katsuie_on_the_nobunaga_chit():
    g = game(4)
    assert g.state.active.chit == "nobunaga" and g.to_act() == "katsuie"
    assert "nobunaga" not in g.state.pool


def test_16_2_6_1_clan_soldiers_belong_to_the_daimyo_holder():
    g = game(4)
    assert {u.owner for u in soldiers_at(g, "Hamamatsu")} == {"tokugawa"}
    assert {u.owner for u in soldiers_at(g, "Itami")} == {"hideyoshi"}      # Araki's
    assert {u.owner for u in soldiers_at(g, "Kyoto")} == {"oda"}            # Nobunaga's own
