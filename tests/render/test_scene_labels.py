"""Where the table view writes a terrain feature's name: inside the feature, clear of the
deployed troops when the feature has room, else where it covers least of them."""
import shapely

from render.daimyo.scene import _label_point

HILL = shapely.box(0, 0, 60, 30)


def test_name_in_the_middle_when_nothing_is_there():
    x, y = _label_point(HILL, shapely.Point(100, 100).buffer(1), 20, 3)
    assert HILL.contains(shapely.Point(x, y))
    assert shapely.Point(x, y).distance(HILL.representative_point()) < 1e-9


def test_name_moves_off_a_unit_standing_in_the_middle():
    middle = HILL.representative_point()
    unit = shapely.box(middle.x - 15, middle.y - 3, middle.x + 15, middle.y + 3)
    x, y = _label_point(HILL, unit, 20, 3)
    assert HILL.contains(shapely.Point(x, y))
    assert not unit.intersects(shapely.box(x - 10, y - 1.5, x + 10, y + 1.5))


def test_name_covers_least_when_the_feature_is_full():
    crowd = HILL.buffer(5).difference(shapely.box(0, 0, 8, 30))   # only the west strip is free
    x, y = _label_point(HILL, crowd, 20, 3)
    covered = crowd.intersection(shapely.box(x - 10, y - 1.5, x + 10, y + 1.5)).area
    middle = HILL.representative_point()
    assert covered < crowd.intersection(shapely.box(middle.x - 10, middle.y - 1.5, middle.x + 10, middle.y + 1.5)).area
