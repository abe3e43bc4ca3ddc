"""Daimyo table geometry (DESIGN.md seam 6).

- `shapes`: stands, footprints, arcs and sight lines as Shapely geometry (the rules' polygons
  and the oracle the kernels are tested against);
- `table`: the living units as a struct-of-arrays, kept per game and in step with `apply`;
- `kernels`: compiled (Numba) overlap, distance, contact and fire-arc tests on those arrays.
"""
from .shapes import (CONTACT_TOLERANCE, LEADER_RADIUS, LOS_GAP, StandIndex, all_round_arc, boxes_apart,  # noqa: F401
                     contact_edges, corners_at, corners_of_units, direction, edge_distance, edge_facing,
                     fire_arc, footprint, front_edge, in_arc, in_contact, line_of_sight, local_corners,
                     off_table, place_corners, sight_clear, stand_corners, stand_layout, stand_polygons, stand_quads,
                     swept_pieces, table_box, table_edges, touched_edge, touching, unit_distance, unit_edges)
