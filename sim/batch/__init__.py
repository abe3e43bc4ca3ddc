"""Generic batch simulation: many AI-vs-AI games of any system, statistics and plots."""
