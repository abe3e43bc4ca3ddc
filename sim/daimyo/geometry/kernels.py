"""Compiled geometry kernels (DESIGN.md seam 6): stands as convex quadrilaterals in flat
float arrays, no Python objects inside, compiled once by Numba and cached on disk.

Every kernel answers a question whose exact answer the rules take from Shapely; the callers use
a kernel's answer only where it is clear of the rule's threshold by `MARGIN` (far above the
1e-13 cm rounding of coordinates of a few hundred cm) and ask Shapely for the rest, so a game
plays exactly as before. tests/daimyo/test_geometry_kernels.py compares each with Shapely.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.daimyo.geometry import ai_kernels

MARGIN = 1e-5      # cm: a kernel's answer this close to a threshold goes to Shapely


@njit(cache=True)
def point_segment(px, py, ax, ay, bx, by):
    """Distance from point p to segment ab."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0
    if ll > 0.0:
        t = ((px - ax) * dx + (py - ay) * dy) / ll
        t = min(1.0, max(0.0, t))
    qx, qy = ax + t * dx - px, ay + t * dy - py
    return math.sqrt(qx * qx + qy * qy)


@njit(cache=True)
def point_quads_distance(quads, px, py):
    """Distance from point p to the nearest of the convex quadrilaterals (n, 4, 2); 0 inside one
    (a unit's stands: the distance to their union)."""
    best = np.inf
    for q in range(len(quads)):
        c = quads[q]
        pos = neg = False
        for k in range(4):
            ax, ay = c[k, 0], c[k, 1]
            bx, by = c[(k + 1) % 4, 0], c[(k + 1) % 4, 1]
            cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
            pos = pos or cross > 0.0
            neg = neg or cross < 0.0
            best = min(best, point_segment(px, py, ax, ay, bx, by))
        if not (pos and neg):
            return 0.0                       # on no edge's outer side: inside or on the boundary
    return best


@njit(cache=True)
def place_stands(poses, c, s, local_f, local_r):
    """Stand corners (n, stands, 4, 2) at n poses (x, y, facing) whose facings have cosine c
    and sine s, from the corners' forward and rightward offsets (stands, 4) in the unit's frame
    (forward is (c, s), right (s, -c))."""
    out = np.empty((len(poses), local_f.shape[0], 4, 2))
    for n in range(len(poses)):
        for k in range(local_f.shape[0]):
            for m in range(4):
                out[n, k, m, 0] = poses[n, 0] + local_f[k, m] * c[n] + local_r[k, m] * s[n]
                out[n, k, m, 1] = poses[n, 1] + local_f[k, m] * s[n] - local_r[k, m] * c[n]
    return out


@njit(cache=True)
def _separated(a, b):
    """Separating-axis test of two convex quadrilaterals (4, 2): True if some edge normal of
    either strictly separates them (they neither overlap nor touch)."""
    for poly, other in ((a, b), (b, a)):
        for k in range(4):
            x0, y0 = poly[k, 0], poly[k, 1]
            x1, y1 = poly[(k + 1) % 4, 0], poly[(k + 1) % 4, 1]
            nx, ny = y1 - y0, x0 - x1
            lo1, hi1 = np.inf, -np.inf
            lo2, hi2 = np.inf, -np.inf
            for m in range(4):
                p = poly[m, 0] * nx + poly[m, 1] * ny
                q = other[m, 0] * nx + other[m, 1] * ny
                lo1, hi1 = min(lo1, p), max(hi1, p)
                lo2, hi2 = min(lo2, q), max(hi2, q)
            if hi1 < lo2 or hi2 < lo1:
                return True
    return False


@njit(cache=True)
def quad_distance(a, b):
    """Edge-to-edge distance of two convex quadrilaterals (4, 2); 0 where they meet."""
    if not _separated(a, b):
        return 0.0
    best = np.inf
    for poly, other in ((a, b), (b, a)):
        for m in range(4):
            for k in range(4):
                d = point_segment(poly[m, 0], poly[m, 1], other[k, 0], other[k, 1],
                                  other[(k + 1) % 4, 0], other[(k + 1) % 4, 1])
                best = min(best, d)
    return best


@njit(cache=True)
def segment_quad_distance(ax, ay, bx, by, q):
    """Distance from segment ab to a convex quadrilateral q (4, 2); 0 where they meet."""
    seg = np.empty((4, 2))
    seg[0, 0], seg[0, 1], seg[1, 0], seg[1, 1] = ax, ay, bx, by
    seg[2, 0], seg[2, 1], seg[3, 0], seg[3, 1] = bx, by, ax, ay
    return quad_distance(seg, q)


@njit(cache=True)
def units_distance(corners, start, count, i, j, stop):
    """Edge-to-edge distance of units i and j (the nearest pair of their stands): `corners` is
    every stand (S, 4, 2), unit u's stands `start[u]` .. + `count[u]`. Stops early once below
    `stop` (the answer is then some distance under it)."""
    best = np.inf
    for s in range(start[i], start[i] + count[i]):
        for t in range(start[j], start[j] + count[j]):
            best = min(best, quad_distance(corners[s], corners[t]))
            if best < stop:
                return best
    return best


@njit(cache=True)
def _pair_within(circles, corners, start, count, i, j, gap):
    """The distance of units i < j's nearest stands if their bounding circles (cx, cy, r) and
    then their stands come within `gap` (+ MARGIN) cm, else inf."""
    dx, dy = circles[i, 0] - circles[j, 0], circles[i, 1] - circles[j, 1]
    if math.sqrt(dx * dx + dy * dy) > circles[i, 2] + circles[j, 2] + gap + MARGIN:
        return np.inf
    d = units_distance(corners, start, count, i, j, -1.0)
    return d if d <= gap + MARGIN else np.inf


@njit(cache=True)
def near_pairs(circles, side, corners, start, count, gap):
    """Every pair of units of different sides (i < j) whose stands may lie within `gap` cm:
    their bounding circles (cx, cy, r) come that close. Returns (i, j, distance) with the
    distance of their nearest stands (exact to rounding; `inf` never appears), in no set order.
    The circles are swept from west to east: a pair whose circles' x spans are further apart
    than the gap (and a nanometre) cannot pass the circle test and is never tried."""
    n = len(side)
    out_i = np.empty(n * 4, np.int64)
    out_j = np.empty(n * 4, np.int64)
    out_d = np.empty(n * 4)
    west = circles[:, 0] - circles[:, 2]
    order = np.argsort(west)
    k = 0
    for a in range(n):
        i = order[a]
        east = circles[i, 0] + circles[i, 2] + gap + MARGIN + 1e-9
        for b in range(a + 1, n):
            j = order[b]
            if west[j] > east:
                break
            if side[i] == side[j]:
                continue
            p, q = min(i, j), max(i, j)
            d = _pair_within(circles, corners, start, count, p, q, gap)
            if d == np.inf:
                continue
            if k == len(out_i):
                out_i = np.concatenate((out_i, np.empty(k, np.int64)))
                out_j = np.concatenate((out_j, np.empty(k, np.int64)))
                out_d = np.concatenate((out_d, np.empty(k)))
            out_i[k], out_j[k], out_d[k] = p, q, d
            k += 1
    return out_i[:k], out_j[:k], out_d[:k]


@njit(cache=True)
def unit_near(circles, side, corners, start, count, i, gap):
    """`near_pairs` for unit i alone: every unit j of another side whose stands may lie within
    `gap` cm of i's (their bounding circles come that close), as (j, distance), j ascending.
    Each distance is the one near_pairs finds for the pair (units_distance is symmetric)."""
    n = len(side)
    out_j = np.empty(n, np.int64)
    out_d = np.empty(n)
    k = 0
    for j in range(n):
        if j == i or side[i] == side[j]:
            continue
        d = _pair_within(circles, corners, start, count, min(i, j), max(i, j), gap)
        if d == np.inf:
            continue
        out_j[k], out_d[k] = j, d
        k += 1
    return out_j[:k], out_d[:k]


@njit(cache=True)
def arc_may_hit(stand, facing, reach, cavalry, corners, start, count, rows):
    """4.5 (ruling D-2): for each unit in `rows`, False if all its stands surely lie outside the
    fire arc of the shooting stand `stand` (4, 2) cut at `reach` cm, True if Shapely must say.
    The arc of infantry is the wedge between 45-degree rays from the front corners, in front of
    the front edge, within `reach` of that edge; of cavalry, anywhere within `reach` of the
    stand. Shapely's arc is a polygon inside that region, so "surely outside" holds for it."""
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    rx, ry = fy, -fx
    flx, fly, frx, fry = stand[0, 0], stand[0, 1], stand[1, 0], stand[1, 1]
    lnx, lny = fx + rx, fy + ry          # inward normal of the left ray (along fwd - right)
    rnx, rny = fx - rx, fy - ry          # inward normal of the right ray (along fwd + right)
    out = np.zeros(len(rows), np.bool_)
    for k in range(len(rows)):
        u = rows[k]
        for s in range(start[u], start[u] + count[u]):
            q = corners[s]
            if cavalry:
                d = quad_distance(stand, q)
            else:
                ahead = left = right = False
                for m in range(4):
                    px, py = q[m, 0], q[m, 1]
                    ahead = ahead or (px - flx) * fx + (py - fly) * fy > -MARGIN
                    left = left or (px - flx) * lnx + (py - fly) * lny > -MARGIN
                    right = right or (px - frx) * rnx + (py - fry) * rny > -MARGIN
                if not (ahead and left and right):
                    continue
                d = segment_quad_distance(flx, fly, frx, fry, q)
            if d <= reach + MARGIN:
                out[k] = True
                break
    return out


@njit(cache=True)
def boxes_meet(boxes, lo_x, lo_y, hi_x, hi_y):
    """Which axis boxes (n, 4: minx, miny, maxx, maxy) meet the box given, grown by MARGIN."""
    n = len(boxes)
    out = np.zeros(n, np.bool_)
    for k in range(n):
        out[k] = boxes[k, 0] <= hi_x + MARGIN and boxes[k, 2] >= lo_x - MARGIN and \
            boxes[k, 1] <= hi_y + MARGIN and boxes[k, 3] >= lo_y - MARGIN
    return out


@njit(cache=True)
def near_all(a, b, g):
    """The indices of the boxes b (minx, miny, maxx, maxy) that come within g of the box around
    all of the boxes a, in order."""
    x0, y0, x1, y1 = np.inf, np.inf, -np.inf, -np.inf
    for i in range(len(a)):
        x0, y0 = min(x0, a[i, 0]), min(y0, a[i, 1])
        x1, y1 = max(x1, a[i, 2]), max(y1, a[i, 3])
    near = np.empty(len(b), np.int64)
    m = 0
    for j in range(len(b)):
        if x0 <= b[j, 2] + g and b[j, 0] <= x1 + g and y0 <= b[j, 3] + g and b[j, 1] <= y1 + g:
            near[m] = j
            m += 1
    return near[:m]


@njit(cache=True)
def boxes_near(a, i, b, j, g):
    """Whether boxes a[i] and b[j] come within g of each other."""
    return a[i, 0] <= b[j, 2] + g and b[j, 0] <= a[i, 2] + g and a[i, 1] <= b[j, 3] + g and b[j, 1] <= a[i, 3] + g


@njit(cache=True)
def box_pairs(a, b, grow):
    """Every (i, j) whose axis boxes a[i] and b[j] (minx, miny, maxx, maxy) come within `grow`
    (+ MARGIN) of each other: the candidates of an overlap or within-distance question. In
    order of i, then j; only the b that come near the box around all of a are visited. Two
    passes, counting and then writing, with `boxes_near`'s test written out: the same pairs
    about four times faster than growing the output inside the loop (a sweep of a few hundred
    sampled stands against the friends near it)."""
    g = grow + MARGIN
    near = near_all(a, b, g)
    m = len(near)
    k = 0
    for i in range(len(a)):
        for n in range(m):
            j = near[n]
            if a[i, 0] <= b[j, 2] + g and b[j, 0] <= a[i, 2] + g and a[i, 1] <= b[j, 3] + g and b[j, 1] <= a[i, 3] + g:
                k += 1
    out_i = np.empty(k, np.int64)
    out_j = np.empty(k, np.int64)
    k = 0
    for i in range(len(a)):
        for n in range(m):
            j = near[n]
            if a[i, 0] <= b[j, 2] + g and b[j, 0] <= a[i, 2] + g and a[i, 1] <= b[j, 3] + g and b[j, 1] <= a[i, 3] + g:
                out_i[k] = i
                out_j[k] = j
                k += 1
    return out_i, out_j


@njit(cache=True)
def box_gaps(boxes, lo_x, lo_y, hi_x, hi_y):
    """Distance from each axis box (n, 4) to the box given: a lower bound of the distance of
    whatever lies inside them (0 where they meet)."""
    out = np.empty(len(boxes))
    for k in range(len(boxes)):
        dx = max(0.0, max(boxes[k, 0] - hi_x, lo_x - boxes[k, 2]))
        dy = max(0.0, max(boxes[k, 1] - hi_y, lo_y - boxes[k, 3]))
        out[k] = math.sqrt(dx * dx + dy * dy)
    return out


@njit(cache=True)
def _clip_area(subject, n, clip):
    """Area of convex polygon `subject` (its first n vertices) inside convex quadrilateral `clip`
    (Sutherland-Hodgman: the subject cut by each of clip's edges in turn)."""
    return _clip_area_in(subject, n, clip, np.empty((n + 8, 2)), np.empty((n + 8, 2)))


@njit(cache=True)
def _clip_area_in(subject, n, clip, cur, nxt):
    """_clip_area with its two work arrays (at least n + 8 rows) given: a caller clipping many
    pairs makes them once."""
    signed = 0.0
    for k in range(4):
        signed += clip[k, 0] * clip[(k + 1) % 4, 1] - clip[(k + 1) % 4, 0] * clip[k, 1]
    turn = 1.0 if signed >= 0.0 else -1.0            # inside is left of each edge for CCW
    for m in range(n):
        cur[m, 0], cur[m, 1] = subject[m, 0], subject[m, 1]
    size = n
    for k in range(4):
        ax, ay = clip[k, 0], clip[k, 1]
        bx, by = clip[(k + 1) % 4, 0], clip[(k + 1) % 4, 1]
        out = 0
        for m in range(size):
            px, py = cur[m, 0], cur[m, 1]
            qx, qy = cur[(m + 1) % size, 0], cur[(m + 1) % size, 1]
            sp = turn * ((bx - ax) * (py - ay) - (by - ay) * (px - ax))
            sq = turn * ((bx - ax) * (qy - ay) - (by - ay) * (qx - ax))
            if sp >= 0.0:
                nxt[out, 0], nxt[out, 1] = px, py
                out += 1
            if (sp >= 0.0) != (sq >= 0.0):
                t = sp / (sp - sq)
                nxt[out, 0], nxt[out, 1] = px + t * (qx - px), py + t * (qy - py)
                out += 1
        cur, nxt = nxt, cur
        size = out
        if size == 0:
            return 0.0
    area = 0.0
    for m in range(size):
        area += cur[m, 0] * cur[(m + 1) % size, 1] - cur[(m + 1) % size, 0] * cur[m, 1]
    return abs(area) / 2.0


@njit(cache=True)
def overlap_areas(coords, first, count, src, quads, dst):
    """For each pair k, the area shared by convex polygon src[k] (its vertices coords[first[i]]
    .. + count[i], ring not closed) and quadrilateral quads[dst[k]] (4.3.2 overlaps)."""
    out = np.empty(len(src))
    most = 0
    for k in range(len(src)):
        most = max(most, count[src[k]])
    cur, nxt = np.empty((most + 8, 2)), np.empty((most + 8, 2))     # work arrays made once
    for k in range(len(src)):
        i = src[k]
        out[k] = _clip_area_in(coords[first[i]:first[i] + count[i]], count[i], quads[dst[k]], cur, nxt)
    return out


@njit(cache=True)
def quads_overlap_pairs(quads, boxes, others):
    """box_pairs(group_boxes(quads), boxes, 0.0) and each pair's shared area, quadrilateral
    quads[i] against others[j] (overlap_areas' numbers), in one call: the candidate pairs of a
    4.3.2 overlap question about stands given by their corners (n, 4, 2)."""
    src, dst = box_pairs(group_boxes(quads), boxes, 0.0)
    area = np.empty(len(src))
    cur, nxt = np.empty((12, 2)), np.empty((12, 2))     # _clip_area's work arrays, made once
    for k in range(len(src)):
        area[k] = _clip_area_in(quads[src[k]], 4, others[dst[k]], cur, nxt)
    return src, dst, area


@njit(cache=True)
def slid_overlaps(start, vx, vy, steps, quads, overlap, tol):
    """A unit's stands `start` (k, 4, 2) slid steps[i] cm along (vx, vy), each against every
    quadrilateral `quads` (m, 4, 2) by `_clip_area`, as `overlap_areas` of the slid corners
    (start + step * v, the same sums): whether some stand shares more than `overlap` cm2 with
    one of them at each step, and whether any area lies within `tol` of `overlap` (the caller
    then asks the plan). Stops at the first such area (4.3.2, straight_ahead.Reach). A pair
    whose boxes lie apart shares no area, and its clipped area (0 up to rounding, far below
    any `overlap` - `tol` a caller gives) is not worked out."""
    n, k, m = len(steps), start.shape[0], quads.shape[0]
    hit = np.zeros(n, np.bool_)
    pose = np.empty((4, 2))
    cur, nxt = np.empty((12, 2)), np.empty((12, 2))
    box = group_boxes(quads)
    for i in range(n):
        for j in range(k):
            for c in range(4):
                pose[c, 0] = start[j, c, 0] + steps[i] * vx
                pose[c, 1] = start[j, c, 1] + steps[i] * vy
            lo_x, lo_y = pose[:, 0].min(), pose[:, 1].min()
            hi_x, hi_y = pose[:, 0].max(), pose[:, 1].max()
            for q in range(m):
                if hi_x < box[q, 0] or box[q, 2] < lo_x or hi_y < box[q, 1] or box[q, 3] < lo_y:
                    continue
                area = _clip_area_in(pose, 4, quads[q], cur, nxt)
                if abs(area - overlap) <= tol:
                    return hit, True
                if area > overlap:
                    hit[i] = True
    return hit, False

@njit(cache=True)
def hulls(points):
    """Convex hull of each group of points (m, p, 2), as GEOS builds it (shapely.convex_hull of
    the multipoint): distinct vertices only, no collinear ones, clockwise from the lowest point
    (the leftmost of the lowest). Returns the closed rings' coordinates packed one after another
    (m * (p + 1), 2), each ring's coordinate count, and `unsure`: groups where two points nearly
    coincide or three are nearly collinear, whose hull the caller must take from Shapely (the
    sign of such a turn is down to rounding, which GEOS decides with exact arithmetic)."""
    m, p = points.shape[0], points.shape[1]
    out = np.empty((m * (p + 1), 2))
    size = np.zeros(m, np.int64)
    unsure = np.zeros(m, np.bool_)
    used = np.zeros(p, np.bool_)
    k = 0
    for g in range(m):
        pts = points[g]
        lo = 0
        for i in range(1, p):
            if pts[i, 1] < pts[lo, 1] or (pts[i, 1] == pts[lo, 1] and pts[i, 0] < pts[lo, 0]):
                lo = i
        scale = 0.0
        for i in range(p):
            scale = max(scale, abs(pts[i, 0] - pts[lo, 0]) + abs(pts[i, 1] - pts[lo, 1]))
        tiny = 1e-9 * scale              # far above rounding (~1e-15 of the coordinates' size)
        used[:] = False
        first = k
        cur = lo
        ok = True
        for _ in range(p + 1):
            out[k, 0], out[k, 1] = pts[cur, 0], pts[cur, 1]
            k += 1
            used[cur] = True
            # the next vertex: every other point lies to the right of cur -> nxt (clockwise)
            nxt = -1
            for i in range(p):
                dx, dy = pts[i, 0] - pts[cur, 0], pts[i, 1] - pts[cur, 1]
                if dx == 0.0 and dy == 0.0:
                    continue                    # the same point again
                if abs(dx) + abs(dy) <= tiny:
                    ok = False                  # nearly the same point
                    break
                if nxt < 0:
                    nxt = i
                    continue
                if pts[i, 0] == pts[nxt, 0] and pts[i, 1] == pts[nxt, 1]:
                    continue                    # the candidate again
                ex, ey = pts[nxt, 0] - pts[cur, 0], pts[nxt, 1] - pts[cur, 1]
                cross = ex * dy - ey * dx
                if abs(cross) <= tiny * (abs(ex) + abs(ey) + abs(dx) + abs(dy)):
                    ok = False                  # (nearly) collinear: GEOS's exact test decides
                    break
                if cross > 0.0:                 # i lies left of cur -> nxt: it turns further
                    nxt = i
            if not ok or nxt < 0:
                ok = ok and nxt >= 0
                break
            if nxt == lo:
                break
            if used[nxt]:
                ok = False
                break
            cur = nxt
        if not ok or k - first < 3:
            unsure[g] = True
            k = first
            continue
        out[k, 0], out[k, 1] = out[first, 0], out[first, 1]     # close the ring
        k += 1
        size[g] = k - first
    return out[:k], size, unsure


@njit(cache=True)
def hull_of(points):
    """The convex hull of points (n, 2) in ring order, unclosed (Andrew's monotone chain; which
    nearly collinear corner it keeps does not matter to a gap measured with a tolerance)."""
    pts = points[np.argsort(points[:, 1], kind="mergesort")]        # by x, then y: stable sorts
    pts = pts[np.argsort(pts[:, 0], kind="mergesort")]
    n = len(pts)
    out = np.empty((2 * n, 2))
    k = 0
    for i in range(n):                       # lower chain
        while k >= 2 and _cross(out[k - 2], out[k - 1], pts[i]) <= 0.0:
            k -= 1
        out[k] = pts[i]
        k += 1
    low = k + 1
    for i in range(n - 2, -1, -1):           # upper chain
        while k >= low and _cross(out[k - 2], out[k - 1], pts[i]) <= 0.0:
            k -= 1
        out[k] = pts[i]
        k += 1
    return out[:k - 1]


@njit(cache=True)
def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


@njit(cache=True)
def near_hulls(points, bound):
    """A stand-in ring for each group of points (m, p, 2) whose GEOS hull `hulls` leaves unsure
    (a straight move's hull has collinear corners): `hull_of` the points, clockwise and closed
    as GEOS's rings, packed as `hulls` packs them, and `far`: the groups with a point more than
    `bound` outside the ring, which stands for nothing then. A stand-in's corners are some of
    the points, so it lies inside GEOS's hull, and GEOS's hull lies within `bound` of it: a
    question answered with a tolerance above `bound` (an overlap's area, a separating gap) has
    the answer GEOS's hull gives."""
    m, p = points.shape[0], points.shape[1]
    out = np.empty((m * (p + 1), 2))
    size = np.zeros(m, np.int64)
    far = np.zeros(m, np.bool_)
    k = 0
    for g in range(m):
        ring = hull_of(points[g])
        n = len(ring)
        worst = 0.0 if n >= 3 else np.inf
        for e in range(n if n >= 3 else 0):      # counter-clockwise: outside lies right of an edge
            ax, ay = ring[e, 0], ring[e, 1]
            ex, ey = ring[(e + 1) % n, 0] - ax, ring[(e + 1) % n, 1] - ay
            ll = math.sqrt(ex * ex + ey * ey)
            for i in range(p):
                worst = max(worst, (ey * (points[g, i, 0] - ax) - ex * (points[g, i, 1] - ay)) / ll)
        if not worst <= bound:
            far[g] = True
            continue
        first = k
        for e in range(n - 1, -1, -1):
            out[k, 0], out[k, 1] = ring[e, 0], ring[e, 1]
            k += 1
        out[k, 0], out[k, 1] = out[first, 0], out[first, 1]
        k += 1
        size[g] = k - first
    return out[:k], size, far


@njit(cache=True)
def group_boxes(points):
    """The axis box (minx, miny, maxx, maxy) of each group of points (m, p, 2): the numbers
    numpy's min and max along the group give."""
    out = np.empty((points.shape[0], 4))
    for g in range(points.shape[0]):
        x0, y0, x1, y1 = points[g, 0, 0], points[g, 0, 1], points[g, 0, 0], points[g, 0, 1]
        for i in range(1, points.shape[1]):
            x, y = points[g, i, 0], points[g, i, 1]
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        out[g, 0], out[g, 1], out[g, 2], out[g, 3] = x0, y0, x1, y1
    return out


@njit(cache=True)
def place_rows(pose, c, s, local_f, local_r, corners, boxes, first):
    """One unit's stands placed at `pose` (1, 3) - place_stands' numbers - written into the
    table's corners (n, 4, 2) and boxes (n, 4) from row `first` on, the boxes group_boxes'."""
    placed = place_stands(pose, c, s, local_f, local_r)[0]
    corners[first:first + placed.shape[0]] = placed
    boxes[first:first + placed.shape[0]] = group_boxes(placed)


@njit(cache=True)
def place_at(poses, local_f, local_r):
    """place_stands at n poses (n, 3), their cosines and sines taken here: math's radians, cos
    and sin give numpy's floats (both libm's; shapes.place_corners' numbers bit for bit, tests/
    daimyo/test_geometry_kernels.py against the numpy expression)."""
    n = len(poses)
    c, s = np.empty(n), np.empty(n)
    for i in range(n):
        r = math.radians(poses[i, 2])
        c[i], s[i] = math.cos(r), math.sin(r)
    return place_stands(poses, c, s, local_f, local_r)


@njit(cache=True)
def place_unit(x, y, facing, local_f, local_r, corners, boxes, first):
    """place_rows of the pose (x, y, facing), its cosine and sine taken here: math's radians,
    cos and sin give numpy's floats of a one-pose array (both libm's; the table's rows are
    stand_corners' numbers bit for bit, tests/daimyo/test_geometry_kernels.py)."""
    pose = np.empty((1, 3))
    pose[0, 0], pose[0, 1], pose[0, 2] = x, y, facing
    r = math.radians(facing)
    c, s = np.empty(1), np.empty(1)
    c[0], s[0] = math.cos(r), math.sin(r)
    place_rows(pose, c, s, local_f, local_r, corners, boxes, first)


@njit(cache=True)
def _inside_fraction(p0x, p0y, dx, dy, lo_x, lo_y, hi_x, hi_y):
    """Fraction of the segment p0 + s d, s in [0, 1], inside the axis box (Liang-Barsky; an
    axis the segment runs along within 1e-12 is inside or out as its start is)."""
    enter, leave = -np.inf, np.inf
    for a, v, lo, hi in ((p0x, dx, lo_x, hi_x), (p0y, dy, lo_y, hi_y)):
        if abs(v) < 1e-12:
            if a < lo or a > hi:
                return 0.0
        else:
            t1, t2 = (lo - a) / v, (hi - a) / v
            enter, leave = max(enter, min(t1, t2)), min(leave, max(t1, t2))
    return max(min(leave, 1.0) - max(enter, 0.0), 0.0)


@njit(cache=True)
def touch_bounds(segs, x, y, c, s, local_f, local_r, tol, safe):
    """combat/contact.py's bounds of each segment's length within `tol` of a unit's stands, the
    unit at (x, y) facing (c, s) with stand corners `local_f`, `local_r` (stands, 4) in its frame:
    lower, the longest piece inside one stand grown by tol - safe straight out from one pair of
    its edges; upper, the pieces inside each stand grown by tol + safe with square corners,
    summed."""
    m, n = len(segs), len(local_f)
    lower, upper = np.zeros(m), np.zeros(m)
    g, e, grown = tol - safe, safe, tol + safe
    for i in range(m):
        ax, ay = segs[i, 0, 0] - x, segs[i, 0, 1] - y
        bx, by = segs[i, 1, 0] - x, segs[i, 1, 1] - y
        p0x, p0y = ax * c + ay * s, ax * s - ay * c
        dx, dy = bx * c + by * s - p0x, bx * s - by * c - p0y
        length = math.sqrt(dx * dx + dy * dy)
        best, total = 0.0, 0.0
        for k in range(n):
            lf, hf = local_f[k].min(), local_f[k].max()
            lr, hr = local_r[k].min(), local_r[k].max()
            best = max(best, _inside_fraction(p0x, p0y, dx, dy, lf - g, lr + e, hf + g, hr - e) * length,
                       _inside_fraction(p0x, p0y, dx, dy, lf + e, lr - g, hf - e, hr + g) * length)
            total += _inside_fraction(p0x, p0y, dx, dy, lf - grown, lr - grown, hf + grown, hr + grown) * length
        lower[i], upper[i] = best, total
    return lower, upper


FRONT, REAR, RIGHT, LEFT, UNSURE_SIDE = 0, 1, 2, 3, -1


@njit(cache=True)
def side_code(pts, x, y, facing, half_width, depth, tol):
    """combat.common.side_of (ruling D-4) of the points `pts` (n, 2) against a unit at
    (x, y, facing), `half_width` and `depth`: FRONT, REAR, RIGHT or LEFT where every test is
    clear of its threshold by `tol` cm, else UNSURE_SIDE (the caller measures as before)."""
    r = math.radians(facing)
    fx, fy = math.cos(r), math.sin(r)
    n = len(pts)
    ahead = False
    behind_rear = True
    right = 0.0
    for i in range(n):
        dx, dy = pts[i, 0] - x, pts[i, 1] - y
        a = dx * fx + dy * fy
        if a > 1e-6 + tol:
            ahead = True
        elif a >= 1e-6 - tol:
            return UNSURE_SIDE
        if a > -depth + 1e-6 + tol:
            behind_rear = False
        elif a >= -depth + 1e-6 - tol:
            return UNSURE_SIDE
        right += dx * fy - dy * fx
    if ahead:
        return FRONT
    c = right / n
    if abs(c) < tol or abs(abs(c) - half_width) < tol:
        return UNSURE_SIDE
    if abs(c) <= half_width and behind_rear:
        return REAR
    return RIGHT if c > 0 else LEFT


def warm() -> None:
    """Load (or, on a fresh machine, compile) every kernel now rather than in the first game
    that needs it: `kassen bench` times play, not the compiler."""
    quad = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    corners = np.stack([quad, quad + 3.0])
    start, count = np.array([0, 1], np.int64), np.array([1, 1], np.int64)
    near_pairs(np.array([[0.5, 0.5, 1.0], [3.5, 3.5, 1.0]]), np.array([0, 1], np.int64), corners, start, count, 1.0)
    unit_near(np.array([[0.5, 0.5, 1.0], [3.5, 3.5, 1.0]]), np.array([0, 1], np.int64), corners, start, count, 0, 1.0)
    arc_may_hit(quad, 90.0, 10.0, False, corners, start, count, np.array([1], np.int64))
    boxes_meet(np.array([[0.0, 0.0, 1.0, 1.0]]), 0.0, 0.0, 1.0, 1.0)
    box_pairs(np.array([[0.0, 0.0, 1.0, 1.0]]), np.array([[0.5, 0.5, 2.0, 2.0]]), 0.0)
    box_gaps(np.array([[0.0, 0.0, 1.0, 1.0]]), 2.0, 2.0, 3.0, 3.0)
    overlap_areas(quad, np.array([0], np.int64), np.array([4], np.int64), np.array([0], np.int64), corners,
                  np.array([1], np.int64))
    slid_overlaps(corners, 1.0, 0.0, np.array([0.0, 0.5]), corners, 1e-6, 1e-9)
    quads_overlap_pairs(corners, np.array([[0.0, 0.0, 1.0, 1.0]]), corners)
    hulls(corners.reshape(1, 8, 2))
    hull_of(corners.reshape(8, 2))                 # combat.common.sweep asks it directly
    near_hulls(corners.reshape(1, 8, 2), 1e-12)
    group_boxes(corners.reshape(1, 8, 2))
    side_code(corners.reshape(-1, 2), 0.0, 0.0, 90.0, 1.0, 1.0, 1e-9)
    kept = corners.reshape(-1, 2).copy()
    kept.flags.writeable = False                  # combat asks with a unit's kept (read-only) corners
    side_code(kept, 0.0, 0.0, 90.0, 1.0, 1.0, 1e-9)
    units_distance(corners, start, count, 0, 1, -1.0)   # straight_ahead asks it directly
    local = np.array([[0.0, 0.0, -1.0, -1.0]])
    local.flags.writeable = False                 # local_corners' arrays are read-only
    touch_bounds(corners[:1, :2].copy(), 0.0, 0.0, 0.0, 1.0, local, local, 0.1, 1e-6)
    from sim.daimyo.geometry import unit_groups    # it imports this module's kernels
    unit_groups.warm()
    point_quads_distance(corners, 0.5, 0.5)
    local = np.zeros((1, 4))
    local.flags.writeable = False
    place_stands(np.zeros((1, 3)), np.ones(1), np.zeros(1), local, local)
    place_rows(np.zeros((1, 3)), np.ones(1), np.zeros(1), local, local, np.zeros((1, 4, 2)), np.zeros((1, 4)), 0)
    place_unit(0.0, 0.0, 0.0, local, local, np.zeros((1, 4, 2)), np.zeros((1, 4)), 0)
    place_at(np.zeros((1, 3)), local, local)
    ai_kernels.warm()                              # the AI's kernels (issue 18 item 5)
    from sim.daimyo.geometry import first_contact  # it imports this module's kernels
    first_contact.warm()
    from sim.daimyo.geometry import arc_hits, crossing_kernels, cut_kernels, terrain_kernels
    crossing_kernels.warm()
    cut_kernels.warm()
    terrain_kernels.warm()
    arc_hits.warm()
    from sim.daimyo.geometry import swept_rings, union_order
    swept_rings.warm()
    union_order.warm()
    from sim.daimyo.geometry import sweep_boxes    # it imports this module's MARGIN
    sweep_boxes.warm()
