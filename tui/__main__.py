"""``python -m ninja_dojo.tui`` runs the dojo app."""
import sys

from ninja_dojo.tui.app import main

sys.exit(main())
