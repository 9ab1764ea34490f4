"""Helpers for the app's Pilot and snapshot tests (tests/test_tui_*.py)."""
