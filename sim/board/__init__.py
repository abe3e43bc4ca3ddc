"""Generic board-game engine: point-to-point/area maps as typed graphs, blocks, card piles,
hidden-information views. Shared by Sekigahara, A Most Dangerous Time and Hellas; it knows
no game's names, only the shapes those games have in common."""
from sim.board.mapgraph import BoardMap, EDGE_KINDS, load_map
from sim.board.blocks import Block
from sim.board.cards import CardPile
from sim.board.hidden import PrivateEvent, events_for, block_face, counts_by_location, stacks_view

__all__ = ["BoardMap", "EDGE_KINDS", "load_map", "Block", "CardPile", "PrivateEvent",
           "events_for", "block_face", "counts_by_location", "stacks_view"]
