"""Kassen simulation core: every rule, no drawing (never imports pygame)."""
