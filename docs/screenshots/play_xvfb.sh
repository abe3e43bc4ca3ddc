#!/bin/bash
# play_xvfb.sh WxH out.png: play the training table in a real X window (Xvfb :98) driven by
# xdotool, and take a picture: Honda activated, its spearmen given their whole move, a ruler from
# the Sakai archers to the Otani arquebusiers, the archers selected, and the help open.
SIZE=$1; OUT=$2
export DISPLAY=${DISPLAY:-:98}
cd "$(dirname "$0")/../.."
read -r _ YX YY Y0X Y0Y <<<"$(PYTHONPATH=. ${PYTHON:-python} docs/screenshots/play_coords.py $SIZE honda-yari 2>/dev/null | grep honda-yari)"
read -r _ BX BY _ _ <<<"$(PYTHONPATH=. ${PYTHON:-python} docs/screenshots/play_coords.py $SIZE sakai-bow 2>/dev/null | grep sakai-bow)"
read -r _ OX OY _ _ <<<"$(PYTHONPATH=. ${PYTHON:-python} docs/screenshots/play_coords.py $SIZE otani-teppo 2>/dev/null | grep otani-teppo)"
read -r _ LX LY <<<"$(PYTHONPATH=. ${PYTHON:-python} docs/screenshots/play_coords.py $SIZE 2>/dev/null | grep ^log)"
XDG_DATA_HOME=${XDG_DATA_HOME:-/tmp/kassen-data} PYTHONPATH=. ${PYTHON:-python} -m sim.cli play scenarios/daimyo/training.toml \
    --side east --seed 3 --size $SIZE > /tmp/kassen-play.log 2>&1 &
PID=$!
echo "play pid $PID"
for i in $(seq 60); do W=$(xdotool search --onlyvisible --class . | head -1 || true); [ -n "$W" ] && break; sleep 0.5; done
sleep 2
eval $(xdotool getwindowgeometry --shell $W)
echo "window $W at $X,$Y ${WIDTH}x${HEIGHT}"
k() { xdotool key --window $W "$@"; sleep 0.8; }
at() { xdotool mousemove $((X + $1)) $((Y + $2)); sleep 0.3; }
k 1                       # east activates first
k 1                       # try clan Honda
sleep 1
at $Y0X $Y0Y; xdotool click 1; sleep 0.5      # Honda spearmen
k m; k m                  # the whole move the rules accept
sleep 3
at $BX $((BY - 2)); xdotool mousedown 2; sleep 0.3   # ruler: Sakai archers to Otani arquebusiers
at $(( (BX + OX) / 2 )) $(( (BY + OY) / 2 )); at $OX $OY; xdotool mouseup 2; sleep 0.3
at $BX $BY; xdotool click 1; sleep 0.5       # select the archers: their reach and bands
k F1
at $LX $LY; sleep 1.5
import -window root -crop ${WIDTH}x${HEIGHT}+$X+$Y "$OUT"
kill $PID
wait $PID 2>/dev/null || true
