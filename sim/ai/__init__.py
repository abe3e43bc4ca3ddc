"""Scripted opponents. They see a game only through `view(side)` and `legal_actions(side)`."""
