"""Property tests draw the same examples on every run (Hypothesis' `derandomize`, seeded by each
test's own code), so a test passes or fails the same way in CI and on a newcomer's machine,
never by luck. To hunt for new counterexamples, run with KASSEN_HYPOTHESIS=explore."""
import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile("explore" if os.environ.get("KASSEN_HYPOTHESIS") == "explore" else "repeatable")
