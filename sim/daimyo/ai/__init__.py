"""The Daimyo scripted opponent: a scorer over the rules' own menu (scorer.py) and its terms."""
