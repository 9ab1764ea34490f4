"""``python -m tui`` runs the dojo app."""
import sys

from tui.app import main

sys.exit(main())
